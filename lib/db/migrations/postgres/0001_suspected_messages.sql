ALTER TABLE "contact_messages" ADD COLUMN "suspected_reason" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "released_at" bigint;