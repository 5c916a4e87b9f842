CREATE TABLE `offer_day_counts` (
	`offer_id` integer NOT NULL,
	`day` text NOT NULL,
	`accepted` integer DEFAULT 0 NOT NULL,
	`blocked` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`offer_id`, `day`)
);
--> statement-breakpoint
DROP INDEX `leads_ip_idx`;--> statement-breakpoint
ALTER TABLE `leads` ADD `platform_tax` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `referral_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `phone` text;--> statement-breakpoint
CREATE INDEX `leads_offer_phone_idx` ON `leads` (`offer_id`,`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_ip_idx` ON `leads` (`purchase_ip`,`created_at`);--> statement-breakpoint
ALTER TABLE `clicks` ADD `is_unique_ip` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `clicks_offer_ip_idx` ON `clicks` (`offer_id`,`ip`,`created_at`);