CREATE TABLE `advertisers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company_name` text NOT NULL,
	`company_address` text NOT NULL,
	`company_city` text,
	`company_zip_code` integer,
	`tax_vat_number` text,
	`min_balance_cents` integer DEFAULT 0 NOT NULL,
	`is_infinite_credits` integer DEFAULT false NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `advertisers_user_id_unique` ON `advertisers` (`user_id`);--> statement-breakpoint
CREATE INDEX `advertisers_company_name_idx` ON `advertisers` (`company_name`);--> statement-breakpoint
CREATE INDEX `advertisers_company_city_idx` ON `advertisers` (`company_city`);--> statement-breakpoint
CREATE INDEX `advertisers_is_verified_idx` ON `advertisers` (`is_verified`);--> statement-breakpoint
CREATE INDEX `advertisers_created_at_idx` ON `advertisers` (`created_at`);--> statement-breakpoint
CREATE INDEX `advertisers_company_address_idx` ON `advertisers` (`company_address`);--> statement-breakpoint
CREATE INDEX `advertisers_zip_idx` ON `advertisers` (`company_zip_code`);--> statement-breakpoint
CREATE INDEX `advertisers_infinite_idx` ON `advertisers` (`is_infinite_credits`);--> statement-breakpoint
CREATE INDEX `advertisers_min_balance_idx` ON `advertisers` (`min_balance_cents`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`user_id` integer NOT NULL,
	`token` text NOT NULL,
	`flags` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_unique` ON `api_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `api_tokens_created_idx` ON `api_tokens` (`created_at`);--> statement-breakpoint
CREATE INDEX `api_tokens_name_idx` ON `api_tokens` (`name`);--> statement-breakpoint
CREATE TABLE `balance_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`advertiser_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`lead_id` integer,
	`comment` text,
	`count_as_referral` integer DEFAULT false NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`advertiser_id`) REFERENCES `advertisers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `balance_changes_advertiser_idx` ON `balance_changes` (`advertiser_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `balance_changes_lead_idx` ON `balance_changes` (`lead_id`);--> statement-breakpoint
CREATE TABLE `clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`click_key` text NOT NULL,
	`taken_offer_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`referer` text,
	`is_phone` integer DEFAULT false NOT NULL,
	`country_code` text,
	`city` text,
	`sub_ids` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`taken_offer_id`) REFERENCES `taken_offers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clicks_key_unique` ON `clicks` (`click_key`);--> statement-breakpoint
CREATE INDEX `clicks_taken_offer_idx` ON `clicks` (`taken_offer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `clicks_user_idx` ON `clicks` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`message` text,
	`city` text,
	`meeting_time` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `crms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`advertiser_id` integer NOT NULL,
	`type` text NOT NULL,
	`friendly_name` text NOT NULL,
	`data` text NOT NULL,
	`callback_token` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`advertiser_id`) REFERENCES `advertisers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `crms_advertiser_idx` ON `crms` (`advertiser_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `crms_callback_token_unique` ON `crms` (`callback_token`);--> statement-breakpoint
CREATE TABLE `custom_payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`payout_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_payouts_user_offer_unique` ON `custom_payouts` (`user_id`,`offer_id`);--> statement-breakpoint
CREATE INDEX `custom_payouts_offer_idx` ON `custom_payouts` (`offer_id`);--> statement-breakpoint
CREATE INDEX `custom_payouts_created_idx` ON `custom_payouts` (`created_at`);--> statement-breakpoint
CREATE TABLE `domains` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain_name` text NOT NULL,
	`user_id` integer,
	`is_internal` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `domains_user_idx` ON `domains` (`user_id`);--> statement-breakpoint
CREATE INDEX `domains_internal_idx` ON `domains` (`is_internal`);--> statement-breakpoint
CREATE INDEX `domains_name_idx` ON `domains` (`domain_name`);--> statement-breakpoint
CREATE TABLE `images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text NOT NULL,
	`image_name` text NOT NULL,
	`tag` text NOT NULL,
	`content_type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `images_file_name_idx` ON `images` (`file_name`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_number` text NOT NULL,
	`advertiser_id` integer NOT NULL,
	`name` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`advertiser_id`) REFERENCES `advertisers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`invoice_number`);--> statement-breakpoint
CREATE INDEX `invoices_advertiser_idx` ON `invoices` (`advertiser_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_paid_idx` ON `invoices` (`is_paid`);--> statement-breakpoint
CREATE INDEX `invoices_created_idx` ON `invoices` (`created_at`);--> statement-breakpoint
CREATE TABLE `lead_crm_activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`agent_id` text,
	`type` text NOT NULL,
	`audio_duration` integer,
	`comment` text,
	`occurred_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_crm_activities_lead_idx` ON `lead_crm_activities` (`lead_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`advertiser_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`taken_offer_id` integer,
	`click_id` integer,
	`crm_id` integer,
	`offer_name` text NOT NULL,
	`product_name` text NOT NULL,
	`status` integer DEFAULT -1 NOT NULL,
	`crm_type` text,
	`crm_lead_id` text,
	`money_withdrawn` integer DEFAULT false NOT NULL,
	`publisher_paid` integer DEFAULT false NOT NULL,
	`advertiser_paid` integer DEFAULT false NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`earned_cents` integer DEFAULT 0 NOT NULL,
	`platform_earned_cents` integer DEFAULT 0 NOT NULL,
	`purchase_domain` text,
	`purchase_ip` text,
	`purchase_is_phone` integer DEFAULT false NOT NULL,
	`lead_type` text NOT NULL,
	`city` text,
	`country_code` text,
	`details` text NOT NULL,
	`blocked_reason` text,
	`friendly_name` text,
	`idempotency_key` text,
	`platform_payout_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `leads_user_created_idx` ON `leads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_advertiser_created_idx` ON `leads` (`advertiser_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_offer_created_idx` ON `leads` (`offer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_status_idx` ON `leads` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);--> statement-breakpoint
CREATE INDEX `leads_blocked_idx` ON `leads` (`blocked_reason`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_ip_idx` ON `leads` (`purchase_ip`);--> statement-breakpoint
CREATE INDEX `leads_country_idx` ON `leads` (`country_code`);--> statement-breakpoint
CREATE INDEX `leads_city_idx` ON `leads` (`city`);--> statement-breakpoint
CREATE INDEX `leads_domain_idx` ON `leads` (`purchase_domain`);--> statement-breakpoint
CREATE INDEX `leads_crm_lead_idx` ON `leads` (`crm_id`,`crm_lead_id`);--> statement-breakpoint
CREATE INDEX `leads_payout_idx` ON `leads` (`platform_payout_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `leads_idempotency_unique` ON `leads` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`log` text NOT NULL,
	`context` text NOT NULL,
	`level` integer DEFAULT 0 NOT NULL,
	`dump` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `logs_created_idx` ON `logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `logs_level_idx` ON `logs` (`level`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`template` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_state_idx` ON `mail_outbox` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`advertiser_id` integer NOT NULL,
	`crm_id` integer,
	`name` text NOT NULL,
	`product_name` text NOT NULL,
	`product_brand` text NOT NULL,
	`product_price` text NOT NULL,
	`payout_cents` integer DEFAULT 0 NOT NULL,
	`platform_tax` integer DEFAULT 20 NOT NULL,
	`lead_limit` integer DEFAULT 1000 NOT NULL,
	`type` text NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`countries` text NOT NULL,
	`images` text NOT NULL,
	`description` text NOT NULL,
	`referral_payout_cents` integer DEFAULT 0 NOT NULL,
	`crm_article_id` text,
	`monthly_conversion_ratio` real DEFAULT -1 NOT NULL,
	`is_promoted` integer DEFAULT false NOT NULL,
	`deleted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`advertiser_id`) REFERENCES `advertisers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`crm_id`) REFERENCES `crms`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `offers_advertiser_idx` ON `offers` (`advertiser_id`);--> statement-breakpoint
CREATE INDEX `offers_name_idx` ON `offers` (`name`);--> statement-breakpoint
CREATE INDEX `offers_product_name_idx` ON `offers` (`product_name`);--> statement-breakpoint
CREATE INDEX `offers_brand_idx` ON `offers` (`product_brand`);--> statement-breakpoint
CREATE INDEX `offers_type_idx` ON `offers` (`type`);--> statement-breakpoint
CREATE INDEX `offers_active_idx` ON `offers` (`active`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `offers_promoted_idx` ON `offers` (`is_promoted`,`created_at`);--> statement-breakpoint
CREATE INDEX `offers_created_at_idx` ON `offers` (`created_at`);--> statement-breakpoint
CREATE INDEX `offers_payout_idx` ON `offers` (`payout_cents`);--> statement-breakpoint
CREATE INDEX `offers_tax_idx` ON `offers` (`platform_tax`);--> statement-breakpoint
CREATE INDEX `offers_limit_idx` ON `offers` (`lead_limit`);--> statement-breakpoint
CREATE INDEX `offers_price_idx` ON `offers` (`product_price`);--> statement-breakpoint
CREATE INDEX `offers_conversion_idx` ON `offers` (`monthly_conversion_ratio`);--> statement-breakpoint
CREATE TABLE `password_reset_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_codes_user_idx` ON `password_reset_codes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payout_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`advertiser_id` integer,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`comment` text,
	`platform_payout_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payout_lines_user_idx` ON `payout_lines` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payout_lines_advertiser_idx` ON `payout_lines` (`advertiser_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payout_lines_platform_payout_idx` ON `payout_lines` (`platform_payout_id`);--> statement-breakpoint
CREATE INDEX `payout_lines_amount_idx` ON `payout_lines` (`amount_cents`);--> statement-breakpoint
CREATE TABLE `platform_payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`total_paid_out_cents` integer DEFAULT 0 NOT NULL,
	`processed` integer DEFAULT false NOT NULL,
	`processed_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `platform_payouts_processed_idx` ON `platform_payouts` (`processed`,`created_at`);--> statement-breakpoint
CREATE INDEX `platform_payouts_created_idx` ON `platform_payouts` (`created_at`);--> statement-breakpoint
CREATE TABLE `postback_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`postback_id` integer NOT NULL,
	`lead_id` integer NOT NULL,
	`event` text NOT NULL,
	`url` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`response_code` integer,
	`last_error` text,
	`delivered_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`postback_id`) REFERENCES `postbacks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `postback_deliveries_unique` ON `postback_deliveries` (`postback_id`,`lead_id`,`event`);--> statement-breakpoint
CREATE INDEX `postback_deliveries_lead_idx` ON `postback_deliveries` (`lead_id`);--> statement-breakpoint
CREATE INDEX `postback_deliveries_state_idx` ON `postback_deliveries` (`state`,`created_at`);--> statement-breakpoint
CREATE TABLE `postbacks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`type` text DEFAULT 'default' NOT NULL,
	`trigger` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `postbacks_user_idx` ON `postbacks` (`user_id`);--> statement-breakpoint
CREATE TABLE `referral_earnings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referrer_user_id` integer NOT NULL,
	`referred_user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`lead_id` integer,
	`offer_id` integer,
	`amount_cents` integer NOT NULL,
	`paid` integer DEFAULT false NOT NULL,
	`platform_payout_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `referral_earnings_referrer_idx` ON `referral_earnings` (`referrer_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `referral_earnings_referred_idx` ON `referral_earnings` (`referred_user_id`);--> statement-breakpoint
CREATE INDEX `referral_earnings_payout_idx` ON `referral_earnings` (`platform_payout_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `taken_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`domain_id` integer,
	`landing_website_id` integer,
	`prelanding_website_id` integer,
	`friendly_name` text,
	`tracking_code` text NOT NULL,
	`deleted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`domain_id`) REFERENCES `domains`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`landing_website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prelanding_website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `taken_offers_user_idx` ON `taken_offers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `taken_offers_offer_idx` ON `taken_offers` (`offer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `taken_offers_code_unique` ON `taken_offers` (`tracking_code`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`country` text,
	`zip` integer,
	`experience` integer,
	`payment_method` text,
	`contact_whatsapp` text,
	`contact_skype` text,
	`contact_telegram` text,
	`assigned_manager_id` integer,
	`last_known_location` text,
	`advertiser_id` integer,
	`referral_percent_earnings` integer DEFAULT 5 NOT NULL,
	`auto_payout_interval` integer DEFAULT 0 NOT NULL,
	`referred_by_id` integer,
	`ref_code` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_manager` integer DEFAULT false NOT NULL,
	`is_publisher_manager` integer DEFAULT false NOT NULL,
	`is_advertiser_manager` integer DEFAULT false NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`is_referral_enabled` integer DEFAULT false NOT NULL,
	`is_publisher_hidden` integer DEFAULT false NOT NULL,
	`is_crm_info_allowed` integer DEFAULT false NOT NULL,
	`theme` text DEFAULT 'dark' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`assigned_manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`referred_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_ref_code_unique` ON `users` (`ref_code`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_first_name_idx` ON `users` (`first_name`);--> statement-breakpoint
CREATE INDEX `users_last_name_idx` ON `users` (`last_name`);--> statement-breakpoint
CREATE INDEX `users_country_idx` ON `users` (`country`);--> statement-breakpoint
CREATE INDEX `users_advertiser_id_idx` ON `users` (`advertiser_id`);--> statement-breakpoint
CREATE INDEX `users_referred_by_idx` ON `users` (`referred_by_id`);--> statement-breakpoint
CREATE INDEX `users_assigned_manager_idx` ON `users` (`assigned_manager_id`);--> statement-breakpoint
CREATE INDEX `users_is_verified_idx` ON `users` (`is_verified`);--> statement-breakpoint
CREATE INDEX `users_zip_idx` ON `users` (`zip`);--> statement-breakpoint
CREATE INDEX `users_experience_idx` ON `users` (`experience`);--> statement-breakpoint
CREATE INDEX `users_flags_idx` ON `users` (`is_admin`,`is_manager`);--> statement-breakpoint
CREATE TABLE `websites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`offer_id` integer NOT NULL,
	`entry_file` text NOT NULL,
	`purchase_complete_file` text,
	`type` text NOT NULL,
	`storage_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `websites_offer_idx` ON `websites` (`offer_id`);--> statement-breakpoint
CREATE INDEX `websites_name_idx` ON `websites` (`name`);--> statement-breakpoint
CREATE INDEX `websites_type_idx` ON `websites` (`type`);--> statement-breakpoint
CREATE INDEX `websites_created_idx` ON `websites` (`created_at`);