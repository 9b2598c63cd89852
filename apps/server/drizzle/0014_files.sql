CREATE TABLE "file_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"file_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_pending_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"file_id" text NOT NULL,
	"object_id" text NOT NULL,
	"author_id" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_reviewers" (
	"network_id" text NOT NULL,
	"context_type" text NOT NULL,
	"context_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_reviewers_context_type_context_id_membership_id_pk" PRIMARY KEY("context_type","context_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "file_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"file_id" text NOT NULL,
	"version" integer NOT NULL,
	"key" text NOT NULL,
	"original_filename" text NOT NULL,
	"extension" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"name" text NOT NULL,
	"original_filename" text NOT NULL,
	"extension" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"author_id" text,
	"finalized_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"review_status" jsonb,
	"review_updated_at" timestamp with time zone,
	"wopi_lock" text,
	"wopi_lock_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folder_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"requested_by_id" text NOT NULL,
	"status" text DEFAULT 'initialized' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"object_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "folder_reads" (
	"membership_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_reads_membership_id_folder_id_pk" PRIMARY KEY("membership_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"context_type" text NOT NULL,
	"context_id" text NOT NULL,
	"parent_folder_id" text,
	"type" text DEFAULT 'folder' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"folder_profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "file_folders_file_folder_idx" ON "file_folders" USING btree ("file_id","folder_id");--> statement-breakpoint
CREATE INDEX "file_folders_folder_idx" ON "file_folders" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE INDEX "file_pending_versions_file_idx" ON "file_pending_versions" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "file_reviewers_member_idx" ON "file_reviewers" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_versions_file_version_idx" ON "file_versions" USING btree ("file_id","version");--> statement-breakpoint
CREATE INDEX "files_author_idx" ON "files" USING btree ("network_id","author_id");--> statement-breakpoint
CREATE INDEX "files_review_idx" ON "files" USING btree ("network_id","review_updated_at");--> statement-breakpoint
CREATE INDEX "folder_exports_folder_idx" ON "folder_exports" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("network_id","parent_folder_id","name");--> statement-breakpoint
CREATE INDEX "folders_context_idx" ON "folders" USING btree ("network_id","context_type","context_id");--> statement-breakpoint
CREATE UNIQUE INDEX "folders_special_idx" ON "folders" USING btree ("network_id","context_type","context_id","type") WHERE type <> 'folder';