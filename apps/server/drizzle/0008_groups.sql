CREATE TABLE "group_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"group_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"author_id" text NOT NULL,
	"additional_message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"renewed_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_category_admins" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"group_category_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_join_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"group_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_locations" (
	"membership_id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"address" text NOT NULL,
	"status" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"geocoded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_memberships" ADD COLUMN "subscribed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD COLUMN "favorited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "active_main_group" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "invites_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "group_category_admins" ADD CONSTRAINT "group_category_admins_group_category_id_group_categories_id_fk" FOREIGN KEY ("group_category_id") REFERENCES "public"."group_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_invites_open_idx" ON "group_invites" USING btree ("group_id","membership_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "group_invites_member_status_created_idx" ON "group_invites" USING btree ("membership_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "group_invites_author_created_idx" ON "group_invites" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "group_invites_group_created_idx" ON "group_invites" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_category_admins_category_member_idx" ON "group_category_admins" USING btree ("group_category_id","membership_id");--> statement-breakpoint
CREATE INDEX "group_category_admins_member_idx" ON "group_category_admins" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_join_requests_open_idx" ON "group_join_requests" USING btree ("group_id","membership_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "group_join_requests_group_status_idx" ON "group_join_requests" USING btree ("group_id","status","created_at");--> statement-breakpoint
CREATE INDEX "group_join_requests_member_idx" ON "group_join_requests" USING btree ("membership_id","status");--> statement-breakpoint
CREATE INDEX "member_locations_network_idx" ON "member_locations" USING btree ("network_id","status");