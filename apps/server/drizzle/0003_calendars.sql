CREATE TABLE "appointment_calendars" (
	"appointment_id" text NOT NULL,
	"calendar_id" text NOT NULL,
	"network_id" text NOT NULL,
	CONSTRAINT "appointment_calendars_appointment_id_calendar_id_pk" PRIMARY KEY("appointment_id","calendar_id")
);
--> statement-breakpoint
CREATE TABLE "appointment_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_contacts" (
	"appointment_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_contacts_appointment_id_membership_id_pk" PRIMARY KEY("appointment_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "appointment_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"appointment_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"author_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_participants" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"appointment_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"kind" text DEFAULT 'appointment' NOT NULL,
	"series_id" text,
	"original_start" timestamp with time zone,
	"occurrence_deleted" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"all_day" boolean DEFAULT false NOT NULL,
	"time_zone" text NOT NULL,
	"recurrence_frequency" text DEFAULT 'never' NOT NULL,
	"recurrence_interval" integer DEFAULT 1 NOT NULL,
	"recurrence_unit" text DEFAULT 'daily' NOT NULL,
	"recurrence_end_time" timestamp with time zone,
	"range_end" timestamp with time zone,
	"category_id" text,
	"location" jsonb NOT NULL,
	"meeting" jsonb NOT NULL,
	"teams" jsonb NOT NULL,
	"attendee_configuration" jsonb NOT NULL,
	"application_configuration" jsonb NOT NULL,
	"is_event" boolean DEFAULT false NOT NULL,
	"post_to_stream" boolean DEFAULT false NOT NULL,
	"activitystream_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invite_consumers" boolean DEFAULT false NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"author_id" text,
	"last_author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_shares" (
	"calendar_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_shares_calendar_id_membership_id_pk" PRIMARY KEY("calendar_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_versions" (
	"network_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendars" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"parent_id" text,
	"owner_id" text,
	"author_id" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "authentication_token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_calendars" ADD CONSTRAINT "appointment_calendars_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_contacts" ADD CONSTRAINT "appointment_contacts_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_invites" ADD CONSTRAINT "appointment_invites_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD CONSTRAINT "appointment_participants_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_id_appointments_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_shares" ADD CONSTRAINT "calendar_shares_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_calendars_calendar_idx" ON "appointment_calendars" USING btree ("calendar_id","appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_categories_network_label_idx" ON "appointment_categories" USING btree ("network_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_invites_appointment_member_idx" ON "appointment_invites" USING btree ("appointment_id","membership_id");--> statement-breakpoint
CREATE INDEX "appointment_invites_member_status_idx" ON "appointment_invites" USING btree ("membership_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_participants_appointment_member_idx" ON "appointment_participants" USING btree ("appointment_id","membership_id");--> statement-breakpoint
CREATE INDEX "appointment_participants_member_idx" ON "appointment_participants" USING btree ("membership_id","status");--> statement-breakpoint
CREATE INDEX "appointments_network_start_idx" ON "appointments" USING btree ("network_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_network_range_end_idx" ON "appointments" USING btree ("network_id","range_end");--> statement-breakpoint
CREATE INDEX "appointments_range_idx" ON "appointments" USING gist (tstzrange("starts_at", "range_end", '[]'));--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_series_original_idx" ON "appointments" USING btree ("series_id","original_start");--> statement-breakpoint
CREATE INDEX "calendar_shares_member_idx" ON "calendar_shares" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "calendars_network_type_idx" ON "calendars" USING btree ("network_id","type");--> statement-breakpoint
CREATE INDEX "calendars_parent_idx" ON "calendars" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "calendars_owner_idx" ON "calendars" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_default_network_idx" ON "calendars" USING btree ("network_id") WHERE "calendars"."is_default" and "calendars"."type" = 'network';--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_default_group_idx" ON "calendars" USING btree ("parent_id") WHERE "calendars"."is_default" and "calendars"."type" = 'group';--> statement-breakpoint
-- Networks and groups made before calendars existed get the calendar every new one is made with.
INSERT INTO "calendars" ("id", "network_id", "type", "name", "color", "is_default")
SELECT lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || substr(md5(random()::text || n."id"), 1, 16), n."id", 'network', n."name", '1971c2', true
FROM "networks" n
WHERE NOT EXISTS (SELECT 1 FROM "calendars" c WHERE c."network_id" = n."id" AND c."type" = 'network' AND c."is_default");--> statement-breakpoint
INSERT INTO "calendars" ("id", "network_id", "type", "name", "color", "parent_id", "is_default")
SELECT lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || substr(md5(random()::text || g."id"), 1, 16), g."network_id", 'group', g."name", '0c8599', g."id", true
FROM "groups" g
WHERE NOT EXISTS (SELECT 1 FROM "calendars" c WHERE c."parent_id" = g."id" AND c."type" = 'group' AND c."is_default");
