CREATE TABLE `lead_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_by` integer NOT NULL,
	`filters` text NOT NULL,
	`lead_ids` text,
	`groups` integer NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`total_rows` integer DEFAULT 0 NOT NULL,
	`done_rows` integer DEFAULT 0 NOT NULL,
	`error` text,
	`finished_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lead_exports_creator_idx` ON `lead_exports` (`created_by`,`created_at`);