-- Replays of messages, counted over the last hour to bound them per message and per organisation
-- across every instance (src/deliveries/queue/replay-bounds.ts); workers prune older rows.
CREATE TABLE "message_replays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"organisation_id" integer NOT NULL,
	"replayed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_replays" ADD CONSTRAINT "message_replays_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_replays_organisation" ON "message_replays" USING btree ("organisation_id","replayed_at");--> statement-breakpoint
CREATE INDEX "message_replays_message" ON "message_replays" USING btree ("message_id","replayed_at");