CREATE TABLE "translations" (
	"network_id" text NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"language" text NOT NULL,
	"source_hash" text NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_network_id_type_object_id_language_pk" PRIMARY KEY("network_id","type","object_id","language")
);
