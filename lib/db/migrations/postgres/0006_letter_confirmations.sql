CREATE TABLE "letter_confirmations" (
	"subscriber_id" text PRIMARY KEY NOT NULL,
	"created_at" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"locked_until" bigint,
	"lock_token" text,
	"last_error" text,
	"last_error_class" text,
	"last_failed_at" bigint,
	"delivered_at" bigint
);
--> statement-breakpoint
CREATE INDEX "letter_confirmations_due" ON "letter_confirmations" USING btree ("delivered_at","next_attempt_at");