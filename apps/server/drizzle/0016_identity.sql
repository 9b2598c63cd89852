CREATE TABLE "profile_change_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"author_id" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"platform" text NOT NULL,
	"token" text NOT NULL,
	"name" text,
	"keys" jsonb,
	"settings" jsonb,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ignored_members" (
	"membership_id" text NOT NULL,
	"ignored_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ignored_members_membership_id_ignored_id_pk" PRIMARY KEY("membership_id","ignored_id")
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"membership_id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"name" text NOT NULL,
	"context_type" text,
	"context_id" text,
	"type" text DEFAULT 'basic' NOT NULL,
	"parent_id" text,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"modifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authentication_backup_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authentication_email_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authentication_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"secret_ciphertext" text,
	"last_used_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unconfirmed_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmation_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "onboarding_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authentication_backup_codes" ADD CONSTRAINT "authentication_backup_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authentication_email_codes" ADD CONSTRAINT "authentication_email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authentication_factors" ADD CONSTRAINT "authentication_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_change_requests_network_status_idx" ON "profile_change_requests" USING btree ("network_id","status","id");--> statement-breakpoint
CREATE INDEX "profile_change_requests_membership_idx" ON "profile_change_requests" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_membership_token_idx" ON "devices" USING btree ("membership_id","token");--> statement-breakpoint
CREATE INDEX "devices_network_idx" ON "devices" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "ignored_members_ignored_idx" ON "ignored_members" USING btree ("ignored_id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_sets_name_context_idx" ON "property_sets" USING btree ("network_id","name",coalesce("context_type", ''),coalesce("context_id", ''));--> statement-breakpoint
CREATE INDEX "authentication_backup_codes_user_idx" ON "authentication_backup_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "authentication_email_codes_user_idx" ON "authentication_email_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "authentication_factors_user_type_idx" ON "authentication_factors" USING btree ("user_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_confirmation_token_idx" ON "users" USING btree ("email_confirmation_token_hash");