CREATE TABLE `letter_confirmations` (
	`subscriber_id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_until` integer,
	`lock_token` text,
	`last_error` text,
	`last_error_class` text,
	`last_failed_at` integer,
	`delivered_at` integer
);
--> statement-breakpoint
CREATE INDEX `letter_confirmations_due` ON `letter_confirmations` (`delivered_at`,`next_attempt_at`);