-- The sandbox's clock (src/sandbox/clock): how far it runs ahead of the wall clock, and up to
-- which moment its deadlines have been applied. One row, written only by `serve --sandbox`.
CREATE TABLE "sandbox_clock" (
	"id" smallint PRIMARY KEY NOT NULL,
	"offset_ms" bigint NOT NULL,
	"deadlines_applied_until" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_clock_one_row" CHECK ("sandbox_clock"."id" = 1)
);
