CREATE TABLE `lead_daily_stats` (
	`day` text NOT NULL,
	`user_id` integer NOT NULL,
	`advertiser_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`country_code` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`domain` text DEFAULT '' NOT NULL,
	`is_phone` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`s_retrying` integer DEFAULT 0 NOT NULL,
	`s_processing` integer DEFAULT 0 NOT NULL,
	`s_waiting` integer DEFAULT 0 NOT NULL,
	`s_in_progress` integer DEFAULT 0 NOT NULL,
	`s_confirmed` integer DEFAULT 0 NOT NULL,
	`s_rejected` integer DEFAULT 0 NOT NULL,
	`s_bad` integer DEFAULT 0 NOT NULL,
	`s_crm_error` integer DEFAULT 0 NOT NULL,
	`s_handover` integer DEFAULT 0 NOT NULL,
	`unique_ips` integer DEFAULT 0 NOT NULL,
	`earned_cents` integer DEFAULT 0 NOT NULL,
	`spent_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `user_id`, `advertiser_id`, `offer_id`, `country_code`, `city`, `domain`, `is_phone`)
);
--> statement-breakpoint
CREATE INDEX `lead_daily_stats_user_idx` ON `lead_daily_stats` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `lead_daily_stats_advertiser_idx` ON `lead_daily_stats` (`advertiser_id`,`day`);--> statement-breakpoint
CREATE INDEX `lead_daily_stats_day_idx` ON `lead_daily_stats` (`day`);--> statement-breakpoint
ALTER TABLE `leads` ADD `first_from_ip` integer DEFAULT false NOT NULL;