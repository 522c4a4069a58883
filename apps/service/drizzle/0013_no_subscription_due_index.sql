-- Claims take the oldest due deliveries from "deliveries_due" and read a subscription's own only
-- when one is over its room (src/deliveries/claim.ts), through "deliveries_pending_order". The
-- index of 0012 cost an entry to write at every insert, claim and settle of every delivery, which
-- raised the delivery latency by about half.
DROP INDEX "deliveries_subscription_due";
