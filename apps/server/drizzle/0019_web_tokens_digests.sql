CREATE TABLE "web_token_redemptions" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_deliveries" (
	"membership_id" text NOT NULL,
	"network_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_deliveries_membership_id_kind_period_pk" PRIMARY KEY("membership_id","kind","period")
);
--> statement-breakpoint
CREATE INDEX "web_token_redemptions_expires_idx" ON "web_token_redemptions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "digest_deliveries_member_kind_sent_idx" ON "digest_deliveries" USING btree ("membership_id","kind","sent_at");