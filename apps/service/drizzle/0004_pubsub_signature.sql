CREATE TABLE "signing_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Subscriptions made before this column existed were made through the sandbox's default address.
ALTER TABLE "subscriptions" ADD COLUMN "public_base_url" varchar(2048) DEFAULT 'http://localhost:8080/v7' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "public_base_url" DROP DEFAULT;