CREATE TABLE "domain_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"network_id" text NOT NULL,
	"type" text NOT NULL,
	"actor_id" text,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"context_type" text,
	"context_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"network_id" text NOT NULL,
	"processor" text NOT NULL,
	"subject_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"event_type" text NOT NULL,
	"actor_id" text,
	"membership_id" text,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"subject_title" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_event_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_event_processor_idx" ON "event_deliveries" USING btree ("event_id","processor");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("next_attempt_at","id") WHERE "event_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "event_deliveries_subject_idx" ON "event_deliveries" USING btree ("processor","subject_key","id") WHERE "event_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "event_deliveries_failed_idx" ON "event_deliveries" USING btree ("network_id","id") WHERE "event_deliveries"."status" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_entries_source_event_idx" ON "audit_log_entries" USING btree ("source_event_id");--> statement-breakpoint
CREATE INDEX "audit_log_entries_newest_idx" ON "audit_log_entries" USING btree ("network_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entries_type_idx" ON "audit_log_entries" USING btree ("network_id","event_type","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entries_actor_idx" ON "audit_log_entries" USING btree ("network_id","actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_entries_membership_idx" ON "audit_log_entries" USING btree ("network_id","membership_id");