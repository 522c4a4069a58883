-- The handshakes of receiver checks (src/deliveries/receiver-check): a check's one-time
-- confirmation token, by its hash, and when the receiver followed the check's SubscribeURL.
CREATE TABLE "receiver_check_handshakes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscription_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
