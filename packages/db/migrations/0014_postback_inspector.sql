CREATE TABLE `inspector_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`method` text NOT NULL,
	`url` text NOT NULL,
	`headers` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`body_bytes` integer DEFAULT 0 NOT NULL,
	`signature` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inspector_requests_user_idx` ON `inspector_requests` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `postback_inspectors` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `postback_inspectors_token_unique` ON `postback_inspectors` (`token`);--> statement-breakpoint
ALTER TABLE `postback_deliveries` ADD `body` text;--> statement-breakpoint
ALTER TABLE `postbacks` ADD `delivery` text DEFAULT 'get' NOT NULL;