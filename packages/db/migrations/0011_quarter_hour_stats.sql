CREATE TABLE `quarter_hour_stats` (
	`quarter` integer NOT NULL,
	`user_id` integer NOT NULL,
	`advertiser_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
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
	PRIMARY KEY(`quarter`, `user_id`, `advertiser_id`, `offer_id`)
);
--> statement-breakpoint
CREATE INDEX `quarter_hour_stats_user_idx` ON `quarter_hour_stats` (`user_id`,`quarter`);--> statement-breakpoint
-- Not generated: the triggers that keep quarter_hour_stats (decision 0050), and the counts of the
-- clicks and leads already there (data fix-up). Retention deletes old clicks without a trigger:
-- their counts stay.
CREATE TRIGGER `quarter_hour_stats_click` AFTER INSERT ON `clicks` BEGIN
  INSERT INTO quarter_hour_stats (quarter, user_id, advertiser_id, offer_id, clicks)
  VALUES ((new.created_at / 900000) * 900000, new.user_id, coalesce((SELECT advertiser_id FROM offers WHERE id = new.offer_id), 0), new.offer_id, 1)
  ON CONFLICT (quarter, user_id, advertiser_id, offer_id) DO UPDATE SET clicks = clicks + 1;
END;--> statement-breakpoint
CREATE TRIGGER `quarter_hour_stats_lead_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO quarter_hour_stats (quarter, user_id, advertiser_id, offer_id, total, s_retrying, s_processing, s_waiting, s_in_progress, s_confirmed, s_rejected, s_bad, s_crm_error, s_handover, unique_ips, earned_cents, spent_cents)
  VALUES ((new.created_at / 900000) * 900000, new.user_id, new.advertiser_id, new.offer_id, 1, (new.status = -2), (new.status = -1), (new.status = 0), (new.status = 1), (new.status = 2), (new.status = 3), (new.status = 4), (new.status = 5), (new.status = 6), new.first_from_ip, (case when new.status = 2 then new.earned_cents else 0 end), (case when new.status = 2 then new.price_cents else 0 end))
  ON CONFLICT (quarter, user_id, advertiser_id, offer_id) DO UPDATE SET total = total + excluded.total, s_retrying = s_retrying + excluded.s_retrying, s_processing = s_processing + excluded.s_processing, s_waiting = s_waiting + excluded.s_waiting, s_in_progress = s_in_progress + excluded.s_in_progress, s_confirmed = s_confirmed + excluded.s_confirmed, s_rejected = s_rejected + excluded.s_rejected, s_bad = s_bad + excluded.s_bad, s_crm_error = s_crm_error + excluded.s_crm_error, s_handover = s_handover + excluded.s_handover, unique_ips = unique_ips + excluded.unique_ips, earned_cents = earned_cents + excluded.earned_cents, spent_cents = spent_cents + excluded.spent_cents;
END;--> statement-breakpoint
CREATE TRIGGER `quarter_hour_stats_lead_update` AFTER UPDATE OF status, earned_cents, price_cents, first_from_ip, created_at, user_id, advertiser_id, offer_id ON `leads`
WHEN old.status IS NOT new.status OR old.earned_cents IS NOT new.earned_cents OR old.price_cents IS NOT new.price_cents OR old.first_from_ip IS NOT new.first_from_ip OR old.created_at IS NOT new.created_at OR old.user_id IS NOT new.user_id OR old.advertiser_id IS NOT new.advertiser_id OR old.offer_id IS NOT new.offer_id BEGIN
  INSERT INTO quarter_hour_stats (quarter, user_id, advertiser_id, offer_id, total, s_retrying, s_processing, s_waiting, s_in_progress, s_confirmed, s_rejected, s_bad, s_crm_error, s_handover, unique_ips, earned_cents, spent_cents)
  VALUES ((old.created_at / 900000) * 900000, old.user_id, old.advertiser_id, old.offer_id, -1, -(old.status = -2), -(old.status = -1), -(old.status = 0), -(old.status = 1), -(old.status = 2), -(old.status = 3), -(old.status = 4), -(old.status = 5), -(old.status = 6), -old.first_from_ip, -(case when old.status = 2 then old.earned_cents else 0 end), -(case when old.status = 2 then old.price_cents else 0 end))
  ON CONFLICT (quarter, user_id, advertiser_id, offer_id) DO UPDATE SET total = total + excluded.total, s_retrying = s_retrying + excluded.s_retrying, s_processing = s_processing + excluded.s_processing, s_waiting = s_waiting + excluded.s_waiting, s_in_progress = s_in_progress + excluded.s_in_progress, s_confirmed = s_confirmed + excluded.s_confirmed, s_rejected = s_rejected + excluded.s_rejected, s_bad = s_bad + excluded.s_bad, s_crm_error = s_crm_error + excluded.s_crm_error, s_handover = s_handover + excluded.s_handover, unique_ips = unique_ips + excluded.unique_ips, earned_cents = earned_cents + excluded.earned_cents, spent_cents = spent_cents + excluded.spent_cents;
  INSERT INTO quarter_hour_stats (quarter, user_id, advertiser_id, offer_id, total, s_retrying, s_processing, s_waiting, s_in_progress, s_confirmed, s_rejected, s_bad, s_crm_error, s_handover, unique_ips, earned_cents, spent_cents)
  VALUES ((new.created_at / 900000) * 900000, new.user_id, new.advertiser_id, new.offer_id, 1, (new.status = -2), (new.status = -1), (new.status = 0), (new.status = 1), (new.status = 2), (new.status = 3), (new.status = 4), (new.status = 5), (new.status = 6), new.first_from_ip, (case when new.status = 2 then new.earned_cents else 0 end), (case when new.status = 2 then new.price_cents else 0 end))
  ON CONFLICT (quarter, user_id, advertiser_id, offer_id) DO UPDATE SET total = total + excluded.total, s_retrying = s_retrying + excluded.s_retrying, s_processing = s_processing + excluded.s_processing, s_waiting = s_waiting + excluded.s_waiting, s_in_progress = s_in_progress + excluded.s_in_progress, s_confirmed = s_confirmed + excluded.s_confirmed, s_rejected = s_rejected + excluded.s_rejected, s_bad = s_bad + excluded.s_bad, s_crm_error = s_crm_error + excluded.s_crm_error, s_handover = s_handover + excluded.s_handover, unique_ips = unique_ips + excluded.unique_ips, earned_cents = earned_cents + excluded.earned_cents, spent_cents = spent_cents + excluded.spent_cents;
END;--> statement-breakpoint
CREATE TRIGGER `quarter_hour_stats_lead_delete` AFTER DELETE ON `leads` BEGIN
  INSERT INTO quarter_hour_stats (quarter, user_id, advertiser_id, offer_id, total, s_retrying, s_processing, s_waiting, s_in_progress, s_confirmed, s_rejected, s_bad, s_crm_error, s_handover, unique_ips, earned_cents, spent_cents)
  VALUES ((old.created_at / 900000) * 900000, old.user_id, old.advertiser_id, old.offer_id, -1, -(old.status = -2), -(old.status = -1), -(old.status = 0), -(old.status = 1), -(old.status = 2), -(old.status = 3), -(old.status = 4), -(old.status = 5), -(old.status = 6), -old.first_from_ip, -(case when old.status = 2 then old.earned_cents else 0 end), -(case when old.status = 2 then old.price_cents else 0 end))
  ON CONFLICT (quarter, user_id, advertiser_id, offer_id) DO UPDATE SET total = total + excluded.total, s_retrying = s_retrying + excluded.s_retrying, s_processing = s_processing + excluded.s_processing, s_waiting = s_waiting + excluded.s_waiting, s_in_progress = s_in_progress + excluded.s_in_progress, s_confirmed = s_confirmed + excluded.s_confirmed, s_rejected = s_rejected + excluded.s_rejected, s_bad = s_bad + excluded.s_bad, s_crm_error = s_crm_error + excluded.s_crm_error, s_handover = s_handover + excluded.s_handover, unique_ips = unique_ips + excluded.unique_ips, earned_cents = earned_cents + excluded.earned_cents, spent_cents = spent_cents + excluded.spent_cents;
END;--> statement-breakpoint
INSERT INTO quarter_hour_stats (quarter, user_id, advertiser_id, offer_id, total, s_retrying, s_processing, s_waiting, s_in_progress, s_confirmed, s_rejected, s_bad, s_crm_error, s_handover, unique_ips, earned_cents, spent_cents)
  SELECT (created_at / 900000) * 900000, user_id, advertiser_id, offer_id, count(*),
    sum(status = -2), sum(status = -1), sum(status = 0), sum(status = 1), sum(status = 2), sum(status = 3), sum(status = 4), sum(status = 5), sum(status = 6),
    sum(first_from_ip), sum(case when status = 2 then earned_cents else 0 end), sum(case when status = 2 then price_cents else 0 end)
  FROM leads GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO quarter_hour_stats (quarter, user_id, advertiser_id, offer_id, clicks)
  SELECT (c.created_at / 900000) * 900000, c.user_id, coalesce(o.advertiser_id, 0), c.offer_id, count(*)
  FROM clicks c LEFT JOIN offers o ON o.id = c.offer_id WHERE true GROUP BY 1, 2, 3, 4
  ON CONFLICT (quarter, user_id, advertiser_id, offer_id) DO UPDATE SET clicks = clicks + excluded.clicks;
