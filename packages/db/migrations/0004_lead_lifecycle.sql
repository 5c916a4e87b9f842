CREATE TABLE `crm_callbacks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`crm_id` integer NOT NULL,
	`lead_id` integer,
	`dedup_key` text NOT NULL,
	`payload` text,
	`mapped_status` integer,
	`outcome` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crm_callbacks_dedup_unique` ON `crm_callbacks` (`crm_id`,`dedup_key`);--> statement-breakpoint
CREATE INDEX `crm_callbacks_lead_idx` ON `crm_callbacks` (`lead_id`);--> statement-breakpoint
CREATE TABLE `lead_crm_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`crm_id` integer,
	`kind` text NOT NULL,
	`attempt` integer NOT NULL,
	`request` text,
	`response_status` integer,
	`response_body` text,
	`error` text,
	`duration_ms` integer,
	`outcome` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lead_crm_attempts_lead_idx` ON `lead_crm_attempts` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lead_crm_attempts_created_idx` ON `lead_crm_attempts` (`created_at`);--> statement-breakpoint
CREATE TABLE `lead_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`kind` text NOT NULL,
	`from_status` integer,
	`to_status` integer,
	`source` text NOT NULL,
	`actor_id` integer,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lead_events_lead_idx` ON `lead_events` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `postback_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` integer NOT NULL,
	`attempt` integer NOT NULL,
	`url` text NOT NULL,
	`response_status` integer,
	`response_body` text,
	`error` text,
	`duration_ms` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `postback_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `postback_attempts_delivery_idx` ON `postback_attempts` (`delivery_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `signing_secrets` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`current_secret` text NOT NULL,
	`previous_secret` text,
	`previous_until` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
