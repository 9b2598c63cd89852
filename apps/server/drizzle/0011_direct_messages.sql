CREATE TABLE "direct_message_attachments" (
	"message_id" text NOT NULL,
	"object_id" text NOT NULL,
	"owner_message_id" text NOT NULL,
	"network_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "direct_message_attachments_message_id_object_id_pk" PRIMARY KEY("message_id","object_id")
);
--> statement-breakpoint
CREATE TABLE "direct_message_groups" (
	"message_id" text NOT NULL,
	"group_id" text NOT NULL,
	"network_id" text NOT NULL,
	"name" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "direct_message_groups_message_id_group_id_pk" PRIMARY KEY("message_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "direct_message_recipients" (
	"message_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"via_group_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "direct_message_recipients_message_id_membership_id_pk" PRIMARY KEY("message_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "direct_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"author_id" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"plain_content" text DEFAULT '' NOT NULL,
	"conversation_starter_id" text NOT NULL,
	"to_all" boolean DEFAULT false NOT NULL,
	"to_count" integer DEFAULT 0 NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"expanded_at" timestamp with time zone,
	"sender_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "direct_message_attachments" ADD CONSTRAINT "direct_message_attachments_message_id_direct_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."direct_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_message_groups" ADD CONSTRAINT "direct_message_groups_message_id_direct_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."direct_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_message_recipients" ADD CONSTRAINT "direct_message_recipients_message_id_direct_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."direct_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_message_attachments_owner_idx" ON "direct_message_attachments" USING btree ("owner_message_id");--> statement-breakpoint
CREATE INDEX "direct_message_groups_group_idx" ON "direct_message_groups" USING btree ("group_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "direct_message_recipients_inbox_idx" ON "direct_message_recipients" USING btree ("membership_id","created_at" DESC NULLS LAST,"message_id" DESC NULLS LAST) WHERE "direct_message_recipients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "direct_message_recipients_unread_idx" ON "direct_message_recipients" USING btree ("membership_id") WHERE "direct_message_recipients"."deleted_at" is null and "direct_message_recipients"."read_at" is null;--> statement-breakpoint
CREATE INDEX "direct_messages_sent_idx" ON "direct_messages" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "direct_messages"."sender_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "direct_messages_conversation_idx" ON "direct_messages" USING btree ("conversation_starter_id","created_at");