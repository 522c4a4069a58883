-- The certificates of receiver checks (src/deliveries/receiver-check): a check signs its messages'
-- Signature with a key of its own, and the service serves its certificate at SigningCertURL while
-- the check runs. The private key is never stored.
CREATE TABLE "receiver_check_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A subscription the sandbox confirmed on the receiver's behalf keeps its confirmation token for
-- the receiver's first GET of its SubscribeURL (src/subscriptions/confirmation.ts); the link
-- confirms only such a subscription or an unconfirmed one. Until now only the sandbox kept the
-- token of a confirmed subscription, so those are the ones confirmed on the receiver's behalf.
ALTER TABLE "subscriptions" ADD COLUMN "confirmed_on_behalf" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "subscriptions" SET "confirmed_on_behalf" = true WHERE "status" = 'confirmed' AND "confirmation_token_hash" IS NOT NULL;
