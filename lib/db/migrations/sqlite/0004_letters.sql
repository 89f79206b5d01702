CREATE TABLE `letter_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`recipients` integer DEFAULT 0 NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`refused_count` integer DEFAULT 0 NOT NULL,
	`dropped_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `letter_sends_slug_unique` ON `letter_sends` (`slug`);--> statement-breakpoint
CREATE TABLE `letter_subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`address` text NOT NULL,
	`locale` text NOT NULL,
	`consented_at` integer NOT NULL,
	`consent_page` text NOT NULL,
	`confirmed_at` integer,
	`confirmation_sent_at` integer,
	`consecutive_refusals` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `letter_subscribers_address` ON `letter_subscribers` (`address`);--> statement-breakpoint
CREATE INDEX `letter_subscribers_confirmed` ON `letter_subscribers` (`confirmed_at`);--> statement-breakpoint
CREATE TABLE `letters` (
	`send_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`address` text,
	`locale` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_until` integer,
	`lock_token` text,
	`last_error` text,
	`last_error_class` text,
	`last_failed_at` integer,
	`delivered_at` integer,
	PRIMARY KEY(`send_id`, `subscriber_id`)
);
--> statement-breakpoint
CREATE INDEX `letters_due` ON `letters` (`delivered_at`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `letters_subscriber` ON `letters` (`subscriber_id`);