CREATE TYPE "public"."attempt_outcome" AS ENUM('delivered', 'retry', 'dead');--> statement-breakpoint
CREATE TABLE "delivery_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"kind" "delivery_kind" NOT NULL,
	"audit_event_id" bigint,
	"ordering_key" text NOT NULL,
	"message_created_at" timestamp with time zone NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"endpoint" varchar(2048) NOT NULL,
	"response_status" smallint,
	"error" text,
	"latency_ms" integer NOT NULL,
	"response_excerpt" text,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"outcome" "attempt_outcome" NOT NULL,
	"next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_attempts_subscription" ON "delivery_attempts" USING btree ("subscription_id","message_id","id");--> statement-breakpoint
CREATE INDEX "delivery_attempts_message" ON "delivery_attempts" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "delivery_attempts_attempted" ON "delivery_attempts" USING btree ("attempted_at");