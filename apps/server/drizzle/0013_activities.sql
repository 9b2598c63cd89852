CREATE TABLE "activities" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"actor_id" text,
	"type" text DEFAULT 'note' NOT NULL,
	"object_id" text,
	"title" text,
	"url" text,
	"date" jsonb,
	"content" text DEFAULT '' NOT NULL,
	"plain_content" text DEFAULT '' NOT NULL,
	"link_url" text,
	"circular_letter" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_likes" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"reply_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_mentions" (
	"subject_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_mentions_subject_id_membership_id_pk" PRIMARY KEY("subject_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "activity_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"network_id" text NOT NULL,
	"type" text DEFAULT 'replies' NOT NULL,
	"actor_id" text,
	"content" text DEFAULT '' NOT NULL,
	"plain_content" text DEFAULT '' NOT NULL,
	"quoted_reply_id" text,
	"reply_id" text,
	"like_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_taggings" (
	"activity_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"network_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_taggings_activity_id_tag_id_pk" PRIMARY KEY("activity_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "activity_targets" (
	"activity_id" text NOT NULL,
	"stream_id" text NOT NULL,
	"group_id" text,
	"network_id" text NOT NULL,
	"actor_id" text,
	"type" text DEFAULT 'note' NOT NULL,
	CONSTRAINT "activity_targets_activity_id_stream_id_pk" PRIMARY KEY("activity_id","stream_id")
);
--> statement-breakpoint
CREATE TABLE "activitystream_reads" (
	"stream_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activitystream_reads_membership_id_stream_id_pk" PRIMARY KEY("membership_id","stream_id")
);
--> statement-breakpoint
CREATE TABLE "activitystream_unsubscriptions" (
	"stream_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activitystream_unsubscriptions_membership_id_stream_id_pk" PRIMARY KEY("membership_id","stream_id")
);
--> statement-breakpoint
CREATE TABLE "activitystreams" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circular_letter_recipients" (
	"activity_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "circular_letter_recipients_activity_id_membership_id_pk" PRIMARY KEY("activity_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "circular_letters" (
	"activity_id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"subject" text NOT NULL,
	"to_all" boolean DEFAULT false NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"acknowledged_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_likes" ADD CONSTRAINT "activity_likes_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_mentions" ADD CONSTRAINT "activity_mentions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_replies" ADD CONSTRAINT "activity_replies_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_taggings" ADD CONSTRAINT "activity_taggings_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_targets" ADD CONSTRAINT "activity_targets_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circular_letter_recipients" ADD CONSTRAINT "circular_letter_recipients_activity_id_circular_letters_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."circular_letters"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circular_letters" ADD CONSTRAINT "circular_letters_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_actor_idx" ON "activities" USING btree ("network_id","actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_object_idx" ON "activities" USING btree ("network_id","type","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_likes_subject_idx" ON "activity_likes" USING btree ("subject_id","membership_id");--> statement-breakpoint
CREATE INDEX "activity_likes_member_idx" ON "activity_likes" USING btree ("membership_id","id" DESC NULLS LAST) WHERE "activity_likes"."reply_id" is null;--> statement-breakpoint
CREATE INDEX "activity_mentions_member_idx" ON "activity_mentions" USING btree ("membership_id","activity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_replies_activity_idx" ON "activity_replies" USING btree ("activity_id","type","id");--> statement-breakpoint
CREATE INDEX "activity_taggings_tag_idx" ON "activity_taggings" USING btree ("tag_id","activity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_targets_network_idx" ON "activity_targets" USING btree ("network_id","activity_id" DESC NULLS LAST,"group_id");--> statement-breakpoint
CREATE INDEX "activity_targets_stream_idx" ON "activity_targets" USING btree ("stream_id","activity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "activitystreams_slug_idx" ON "activitystreams" USING btree ("network_id","slug");--> statement-breakpoint
CREATE INDEX "circular_letter_recipients_member_idx" ON "circular_letter_recipients" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_idx" ON "tags" USING btree ("network_id",lower("name"));