CREATE TABLE "external_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"user_type" text DEFAULT 'normal' NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"context_type" text DEFAULT 'network' NOT NULL,
	"context_id" text,
	"author_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"token_hash" text NOT NULL,
	"renewed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"membership_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_text_acceptances" (
	"network_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"legal_text_id" text NOT NULL,
	"version_id" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_text_acceptances_membership_id_legal_text_id_pk" PRIMARY KEY("membership_id","legal_text_id")
);
--> statement-breakpoint
CREATE TABLE "app_navigations" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_navigations_network_idx" UNIQUE("network_id")
);
--> statement-breakpoint
CREATE TABLE "navigations" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"group_id" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "navigations_scope_unique" UNIQUE NULLS NOT DISTINCT("network_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"locale" text,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" text,
	"membership_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_text_versions" ADD COLUMN "requires_acceptance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_text_acceptances" ADD CONSTRAINT "legal_text_acceptances_legal_text_id_legal_texts_id_fk" FOREIGN KEY ("legal_text_id") REFERENCES "public"."legal_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_invites_token_idx" ON "external_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "external_invites_network_created_idx" ON "external_invites" USING btree ("network_id","created_at","id");--> statement-breakpoint
CREATE INDEX "external_invites_author_created_idx" ON "external_invites" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "external_invites_context_created_idx" ON "external_invites" USING btree ("context_type","context_id","created_at");--> statement-breakpoint
CREATE INDEX "external_invites_open_email_idx" ON "external_invites" USING btree ("network_id",lower("email")) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "registrations_network_status_created_idx" ON "registrations" USING btree ("network_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pending_email_idx" ON "registrations" USING btree ("network_id",lower("email")) WHERE status = 'pending';