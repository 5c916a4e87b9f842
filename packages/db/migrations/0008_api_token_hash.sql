DROP INDEX `api_tokens_token_unique`;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `token_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);