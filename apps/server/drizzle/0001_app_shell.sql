-- Trigram indexes for name search (memberships_search_name_idx below).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "imprints" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"mail_imprint" text DEFAULT '' NOT NULL,
	"show_newsletter_info" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imprints_network_idx" UNIQUE("network_id")
);
--> statement-breakpoint
CREATE TABLE "legal_text_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"legal_text_id" text NOT NULL,
	"html_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_texts" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"name" text NOT NULL,
	"handle" text NOT NULL,
	"statement" text NOT NULL,
	"text" text NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"group_id" text,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"plural_name" text NOT NULL,
	"color" text DEFAULT '#000000' NOT NULL,
	"text_color" text,
	"display_type" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_roles_scope_slug_unique" UNIQUE NULLS NOT DISTINCT("network_id","group_id","slug")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"type" text NOT NULL,
	"actor_id" text,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"subject_title" text NOT NULL,
	"subject_path" text NOT NULL,
	"text" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "kind" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "search_name" text GENERATED ALWAYS AS ((' ' || translate(lower(first_name || ' ' || last_name || ' ' || coalesce(display_name, '')), '-', ' '))) STORED;--> statement-breakpoint
ALTER TABLE "legal_text_versions" ADD CONSTRAINT "legal_text_versions_legal_text_id_legal_texts_id_fk" FOREIGN KEY ("legal_text_id") REFERENCES "public"."legal_texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_text_versions_text_idx" ON "legal_text_versions" USING btree ("legal_text_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_texts_network_handle_idx" ON "legal_texts" USING btree ("network_id","handle");--> statement-breakpoint
CREATE INDEX "membership_roles_group_idx" ON "membership_roles" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_newest_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_recipient_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_search_name_idx" ON "memberships" USING gin ("search_name" gin_trgm_ops);