-- The certificates of receiver checks (src/deliveries/receiver-check): a check signs its messages'
-- Signature with a key of its own, and the service serves its certificate at SigningCertURL while
-- the check runs. The private key is never stored.
CREATE TABLE "receiver_check_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
