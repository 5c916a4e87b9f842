DROP INDEX `leads_user_created_idx`;--> statement-breakpoint
DROP INDEX `leads_advertiser_created_idx`;--> statement-breakpoint
DROP INDEX `leads_created_idx`;--> statement-breakpoint
CREATE INDEX `leads_blocked_list_idx` ON `leads` (`created_at`,`id`) WHERE "leads"."blocked_reason" is not null;--> statement-breakpoint
CREATE INDEX `leads_user_created_idx` ON `leads` (`user_id`,`created_at`,`id`,`status`,`country_code`);--> statement-breakpoint
CREATE INDEX `leads_advertiser_created_idx` ON `leads` (`advertiser_id`,`created_at`,`id`,`status`,`country_code`,`blocked_reason`);--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`,`id`,`status`,`country_code`);