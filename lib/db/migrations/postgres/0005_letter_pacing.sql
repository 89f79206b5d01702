CREATE TABLE "letter_pacing" (
	"id" text PRIMARY KEY NOT NULL,
	"next_at" bigint NOT NULL
);
