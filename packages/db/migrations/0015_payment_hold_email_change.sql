CREATE TABLE `email_change_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`new_email` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_change_codes_user_idx` ON `email_change_codes` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `payment_hold_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `payment_hold_reason` text;