ALTER TABLE `crms` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `crms` ADD `disabled_reason` text;--> statement-breakpoint
ALTER TABLE `postbacks` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `postbacks` ADD `disabled_reason` text;