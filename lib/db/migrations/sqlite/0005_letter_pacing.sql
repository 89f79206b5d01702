CREATE TABLE `letter_pacing` (
	`id` text PRIMARY KEY NOT NULL,
	`next_at` integer NOT NULL
);
