-- A subscription's endpoint is failing from its first failed attempt until its next success
-- (src/deliveries/failing.ts). Claims take the first due deliveries of each subscription
-- (src/deliveries/claim.ts), found by subscription and due time.
ALTER TABLE "subscriptions" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_subscription_due" ON "deliveries" USING btree ("subscription_id","next_attempt_at","id") WHERE "deliveries"."status" = 'pending';--> statement-breakpoint
-- A subscription removed (by any path: unsubscribe, replacement, expiry, 410, disabling, a
-- contract's end) or pointed at another endpoint is announced on street_events_subscriptions
-- with its id, when the transaction commits: workers abort its attempts in flight.
CREATE OR REPLACE FUNCTION "announce_subscription_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('street_events_subscriptions', OLD."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_removed" AFTER DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "announce_subscription_change"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_endpoint_changed" AFTER UPDATE OF "api_endpoint" ON "subscriptions"
  FOR EACH ROW WHEN (OLD."api_endpoint" IS DISTINCT FROM NEW."api_endpoint")
  EXECUTE FUNCTION "announce_subscription_change"();
