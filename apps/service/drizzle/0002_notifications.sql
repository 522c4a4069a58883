CREATE TYPE "public"."delivery_kind" AS ENUM('confirmation', 'notification');--> statement-breakpoint
CREATE TYPE "public"."delivery_status" AS ENUM('pending', 'dead');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('unconfirmed', 'confirmed');--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"kind" "delivery_kind" NOT NULL,
	"audit_event_id" bigint,
	"ordering_key" text NOT NULL,
	"body" text,
	"status" "delivery_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deliveries_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" varchar(64) PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_coverage" (
	"subscription_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	CONSTRAINT "subscription_coverage_subscription_id_organisation_id_pk" PRIMARY KEY("subscription_id","organisation_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(30) NOT NULL,
	"organisation_id" integer NOT NULL,
	"api_endpoint" varchar(2048) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"status" "subscription_status" DEFAULT 'unconfirmed' NOT NULL,
	"confirmation_token_hash" char(64),
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "subscriptions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "subscriptions_organisation_id_unique" UNIQUE("organisation_id"),
	CONSTRAINT "subscriptions_confirmation_token_hash_unique" UNIQUE("confirmation_token_hash"),
	CONSTRAINT "subscriptions_reference_format" CHECK ("subscriptions"."reference" ~ '^SUB-[0-9A-Z]{26}$')
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_audit_event_id_audit_events_id_fk" FOREIGN KEY ("audit_event_id") REFERENCES "public"."audit_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_coverage" ADD CONSTRAINT "subscription_coverage_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_coverage" ADD CONSTRAINT "subscription_coverage_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_due" ON "deliveries" USING btree ("next_attempt_at") WHERE "deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "deliveries_pending_order" ON "deliveries" USING btree ("subscription_id","ordering_key","id") WHERE "deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "deliveries_dead" ON "deliveries" USING btree ("subscription_id","created_at") WHERE "deliveries"."status" = 'dead';--> statement-breakpoint
CREATE INDEX "subscription_coverage_organisation" ON "subscription_coverage" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "subscriptions_unconfirmed_created" ON "subscriptions" USING btree ("created_at") WHERE "subscriptions"."status" = 'unconfirmed';