CREATE TABLE "meeting_room_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"room_id" text NOT NULL,
	"appointment_id" text NOT NULL,
	"during" "tstzrange" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"name" text NOT NULL,
	"meeting_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_role_assignments" (
	"role_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_role_assignments_role_id_membership_id_pk" PRIMARY KEY("role_id","membership_id")
);
--> statement-breakpoint
ALTER TABLE "appointment_invites" DROP CONSTRAINT "appointment_invites_appointment_id_appointments_id_fk";
--> statement-breakpoint
DROP INDEX "appointment_invites_appointment_member_idx";--> statement-breakpoint
DROP INDEX "appointment_invites_member_status_idx";--> statement-breakpoint
DROP INDEX "appointment_participants_appointment_member_idx";--> statement-breakpoint
ALTER TABLE "appointment_invites" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_invites" ADD COLUMN "occurrence_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_invites" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_invites" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "appointment_participants" ADD COLUMN "occurrence_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_room_bookings" ADD CONSTRAINT "meeting_room_bookings_room_id_meeting_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."meeting_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_role_assignments" ADD CONSTRAINT "membership_role_assignments_role_id_membership_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."membership_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_room_bookings_appointment_idx" ON "meeting_room_bookings" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_rooms_network_name_idx" ON "meeting_rooms" USING btree ("network_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_rooms_meeting_key_idx" ON "meeting_rooms" USING btree ("meeting_key");--> statement-breakpoint
CREATE INDEX "membership_role_assignments_member_idx" ON "membership_role_assignments" USING btree ("membership_id");--> statement-breakpoint
ALTER TABLE "appointment_invites" ADD CONSTRAINT "appointment_invites_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_participants_appointment_status_idx" ON "appointment_participants" USING btree ("appointment_id","occurrence_key","status");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_invites_appointment_member_idx" ON "appointment_invites" USING btree ("appointment_id","membership_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "appointment_invites_member_status_idx" ON "appointment_invites" USING btree ("membership_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_participants_appointment_member_idx" ON "appointment_participants" USING btree ("appointment_id","membership_id","occurrence_key");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "meeting_room_bookings" ADD CONSTRAINT "meeting_room_bookings_no_overlap" EXCLUDE USING gist ("room_id" WITH =, "during" WITH &&);
