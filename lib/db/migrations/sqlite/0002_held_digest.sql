CREATE TABLE `contact_digests` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	`held_count` integer NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`last_error_class` text,
	`last_failed_at` integer,
	`delivered_at` integer,
	`locked_until` integer,
	`lock_token` text
);
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `digest_id` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `last_error_class` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `last_failed_at` integer;