CREATE TABLE `ledger_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`owner_id` integer DEFAULT 0 NOT NULL,
	`debits_posted` integer DEFAULT 0 NOT NULL,
	`credits_posted` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "ledger_accounts_totals_non_negative" CHECK("ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_posted" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_owner_unique` ON `ledger_accounts` (`kind`,`owner_id`);--> statement-breakpoint
CREATE TABLE `ledger_transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`debit_account_id` integer NOT NULL,
	`credit_account_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`code` text NOT NULL,
	`idempotency_key` text,
	`lead_id` integer,
	`invoice_id` integer,
	`platform_payout_id` integer,
	`created_by` integer,
	`comment` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`debit_account_id`) REFERENCES `ledger_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_account_id`) REFERENCES `ledger_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_transfers_positive" CHECK("ledger_transfers"."amount_cents" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_transfers_key_unique` ON `ledger_transfers` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `ledger_transfers_debit_idx` ON `ledger_transfers` (`debit_account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_transfers_credit_idx` ON `ledger_transfers` (`credit_account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_transfers_lead_idx` ON `ledger_transfers` (`lead_id`);--> statement-breakpoint
CREATE INDEX `ledger_transfers_payout_idx` ON `ledger_transfers` (`platform_payout_id`);--> statement-breakpoint
DROP TABLE `balance_changes`;--> statement-breakpoint
DROP INDEX `leads_unpaid_earnings_idx`;--> statement-breakpoint
ALTER TABLE `leads` ADD `confirm_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX `referral_earnings_total_idx`;--> statement-breakpoint
DROP INDEX `users_username_unique`;--> statement-breakpoint
DROP INDEX `users_email_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));