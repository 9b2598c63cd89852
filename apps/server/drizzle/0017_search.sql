CREATE TABLE "search_documents" (
	"network_id" text NOT NULL,
	"module" text NOT NULL,
	"document_id" text NOT NULL,
	"group_id" text,
	"access" text[] NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"attachment_content" text DEFAULT '' NOT NULL,
	"values_content" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_network_id_module_document_id_pk" PRIMARY KEY("network_id","module","document_id")
);
--> statement-breakpoint
CREATE TABLE "search_extracted_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"status" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_documents_access_idx" ON "search_documents" USING gin ("access");--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_group_idx" ON "search_documents" USING btree ("group_id","module") WHERE "search_documents"."group_id" is not null;