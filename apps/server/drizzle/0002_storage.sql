CREATE TABLE "stored_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"directory" text NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"key" text NOT NULL,
	"external_id" text,
	"uploader_id" text NOT NULL,
	"owner_type" text,
	"owner_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by_id" text,
	"quarantine_reason" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_objects_owner_idx" ON "stored_objects" USING btree ("network_id","owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "stored_objects_state_created_idx" ON "stored_objects" USING btree ("state","created_at");