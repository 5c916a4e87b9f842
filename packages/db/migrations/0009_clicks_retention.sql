CREATE TABLE `click_daily_stats` (
	`day` integer NOT NULL,
	`taken_offer_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`country_code` text DEFAULT '' NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`unique_ips` integer DEFAULT 0 NOT NULL,
	`phone_clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `taken_offer_id`, `country_code`)
);
--> statement-breakpoint
CREATE INDEX `click_daily_stats_user_idx` ON `click_daily_stats` (`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `click_daily_stats_offer_idx` ON `click_daily_stats` (`offer_id`,`day`);