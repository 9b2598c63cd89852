CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"revision" bigint NOT NULL,
	"author_id" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"quoted_message_id" text,
	"client_reference" text,
	"file_count" integer DEFAULT 0 NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_profiles" (
	"membership_id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"status_type" text DEFAULT 'online' NOT NULL,
	"status_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_states" (
	"chat_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"last_read_id" text,
	"last_received_seq" bigint DEFAULT 0 NOT NULL,
	"last_received_id" text,
	"muted_until" timestamp with time zone,
	"app_muted_until" timestamp with time zone,
	CONSTRAINT "chat_states_chat_id_membership_id_pk" PRIMARY KEY("chat_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"group_id" text,
	"member_a" text,
	"member_b" text,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"last_message_id" text,
	"last_interacted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_states" ADD CONSTRAINT "chat_states_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_chat_seq_idx" ON "chat_messages" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_revision_idx" ON "chat_messages" USING btree ("chat_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_reference_idx" ON "chat_messages" USING btree ("author_id","client_reference") WHERE "chat_messages"."client_reference" is not null;--> statement-breakpoint
CREATE INDEX "chat_states_membership_idx" ON "chat_states" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_network_key_idx" ON "chats" USING btree ("network_id","key");--> statement-breakpoint
CREATE INDEX "chats_member_a_idx" ON "chats" USING btree ("member_a");--> statement-breakpoint
CREATE INDEX "chats_member_b_idx" ON "chats" USING btree ("member_b");