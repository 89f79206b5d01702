ALTER TABLE `contact_messages` ADD `suspected_reason` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `released_at` integer;