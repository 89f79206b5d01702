CREATE TABLE "letter_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"state" text NOT NULL,
	"created_at" bigint NOT NULL,
	"started_at" bigint,
	"finished_at" bigint,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"dropped_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "letter_sends_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "letter_subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"locale" text NOT NULL,
	"consented_at" bigint NOT NULL,
	"consent_page" text NOT NULL,
	"confirmed_at" bigint,
	"confirmation_sent_at" bigint,
	"consecutive_refusals" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"send_id" text NOT NULL,
	"subscriber_id" text NOT NULL,
	"address" text,
	"locale" text NOT NULL,
	"created_at" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"locked_until" bigint,
	"lock_token" text,
	"last_error" text,
	"last_error_class" text,
	"last_failed_at" bigint,
	"delivered_at" bigint,
	CONSTRAINT "letters_send_id_subscriber_id_pk" PRIMARY KEY("send_id","subscriber_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "letter_subscribers_address" ON "letter_subscribers" USING btree ("address");--> statement-breakpoint
CREATE INDEX "letter_subscribers_confirmed" ON "letter_subscribers" USING btree ("confirmed_at");--> statement-breakpoint
CREATE INDEX "letters_due" ON "letters" USING btree ("delivered_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "letters_subscriber" ON "letters" USING btree ("subscriber_id");