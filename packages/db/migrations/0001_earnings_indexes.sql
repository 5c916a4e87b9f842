CREATE INDEX `balance_changes_total_idx` ON `balance_changes` (`advertiser_id`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `leads_unpaid_earnings_idx` ON `leads` (`user_id`,`earned_cents`) WHERE status = 2 and publisher_paid = 1 and money_withdrawn = 0;--> statement-breakpoint
CREATE INDEX `referral_earnings_total_idx` ON `referral_earnings` (`referrer_user_id`,`amount_cents`);