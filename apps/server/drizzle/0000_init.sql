CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"network_id" text NOT NULL,
	"csrf_token" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"authentication_token" text NOT NULL,
	"locale" text,
	"reset_password_token_hash" text,
	"reset_password_sent_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"plural_name" text NOT NULL,
	"color" text,
	"position" integer DEFAULT 0 NOT NULL,
	"theme" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"group_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"group_category_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"access" text DEFAULT 'open' NOT NULL,
	"moderated_join" boolean DEFAULT false NOT NULL,
	"members_can_invite" boolean DEFAULT true NOT NULL,
	"chat_enabled" boolean DEFAULT true NOT NULL,
	"sensitive" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"externally_visible" boolean DEFAULT false NOT NULL,
	"teaser" text DEFAULT '' NOT NULL,
	"profile_image_id" text,
	"theme" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"display_name" text,
	"profile_image_id" text,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"birthday" date,
	"is_external" boolean DEFAULT false NOT NULL,
	"network_admin" boolean DEFAULT false NOT NULL,
	"minister" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"host" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"theme" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networks_host_unique" UNIQUE("host")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_group_category_id_group_categories_id_fk" FOREIGN KEY ("group_category_id") REFERENCES "public"."group_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_network_idx" ON "mail_outbox" USING btree ("network_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_authentication_token_idx" ON "users" USING btree ("authentication_token");--> statement-breakpoint
CREATE UNIQUE INDEX "users_reset_password_token_idx" ON "users" USING btree ("reset_password_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "group_categories_network_slug_idx" ON "group_categories" USING btree ("network_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "group_memberships_group_member_idx" ON "group_memberships" USING btree ("group_id","membership_id");--> statement-breakpoint
CREATE INDEX "group_memberships_member_idx" ON "group_memberships" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_network_slug_idx" ON "groups" USING btree ("network_id","slug");--> statement-breakpoint
CREATE INDEX "groups_category_idx" ON "groups" USING btree ("group_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_network_user_idx" ON "memberships" USING btree ("network_id","user_id");--> statement-breakpoint
CREATE INDEX "memberships_network_name_idx" ON "memberships" USING btree ("network_id","last_name","first_name");