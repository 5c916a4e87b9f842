import { z } from 'zod';
import { defineJob, retrying } from './define.ts';

/** Send one row of the mail outbox. */
export const mailSend = defineJob({
  id: 'mail.send',
  queue: 'mail',
  schema: z.object({ outboxId: z.number().int().positive() }),
  options: retrying(8, 5_000),
  key: (p) => `mail.send-${p.outboxId}`,
});

/**
 * Hand one accepted lead to its advertiser's CRM. The lead row (status -1 or -2) is the outbox:
 * the sweep re-enqueues leads stuck there. Retries and backoff are the handler's own (it honours
 * the CRM's Retry-After), so BullMQ runs each job once.
 */
export const leadDeliver = defineJob({
  id: 'lead.deliver',
  queue: 'crm',
  schema: z.object({ leadId: z.number().int().positive(), attempt: z.number().int().min(1).default(1) }),
  options: {
    attempts: 1,
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  key: (p) => `lead.deliver-${p.leadId}-${p.attempt}`,
});

/**
 * Ask a CRM for a lead's status (bitrix24 callbacks carry only its id). `event` names what asked
 * (the callback row, a recovered delivery), so each update event gets its own fetch while a
 * replayed one, or the same event enqueued twice, does not.
 */
export const crmFetchStatus = defineJob({
  id: 'crm.fetch-status',
  queue: 'crm',
  schema: z.object({
    crmId: z.number().int().positive(),
    crmLeadId: z.string().min(1).max(100),
    event: z
      .string()
      .regex(/^[\w-]{1,60}$/)
      .optional(),
  }),
  options: retrying(6, 10_000),
  key: (p) =>
    `crm.fetch-status-${p.crmId}-${p.crmLeadId.replace(/[^\w-]/g, '_')}${p.event ? `-${p.event}` : ''}`,
});

/**
 * An in-process CRM's decision on a lead it took (the Sandbox: confirmed, rejected or bad), due
 * the advertiser's delay after it took it: a delayed job, kept by Redis across worker restarts;
 * the worker's decision sweep asks again for one that Redis lost.
 */
export const crmDecide = defineJob({
  id: 'crm.decide',
  queue: 'crm',
  schema: z.object({ crmId: z.number().int().positive(), leadId: z.number().int().positive() }),
  options: retrying(5, 10_000),
  key: (p) => `crm.decide-${p.crmId}-${p.leadId}`,
});

/**
 * Call one postback URL for one lead event (a row of postback_deliveries, the outbox). `lane` is the
 * receiver's lane (`postbackLane`, decision 0035), given by whoever knows the URL: a delivery for a
 * receiver whose lane is backed up is parked on enqueue (it never queues in front of others), and
 * the worker parks one for a busy receiver without reading its row.
 */
export const postbackSend = defineJob({
  id: 'postback.send',
  queue: 'postbacks',
  schema: z.object({
    deliveryId: z.number().int().positive(),
    attempt: z.number().int().min(1).default(1),
    lane: z.string().max(300).optional(),
  }),
  options: {
    attempts: 1,
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  key: (p) => `postback.send-${p.deliveryId}-${p.attempt}`,
  laneOf: (p) => p.lane,
});

/**
 * The same `postback.send` (same handler, same business key) for a send someone is waiting for: a
 * replay from the lead timeline. It goes to the head of the queue (`lifo`), so a backlog of
 * automatic deliveries (a burst of status changes) does not keep the person waiting. Not listed in
 * `jobs`: the worker knows the job by its id.
 */
export const postbackSendWatched = defineJob({
  ...postbackSend,
  options: { ...postbackSend.options, lifo: true },
  // Someone is watching (a test fire, a replay): it bypasses the lanes.
  laneOf: undefined,
});

/** The hourly round of automatic payouts (users' auto-payout intervals); scheduled by the worker. */
export const payoutAuto = defineJob({
  id: 'payout.auto',
  queue: 'payouts',
  schema: z.object({}).passthrough(),
  options: retrying(3, 60_000),
  key: () => 'payout.auto',
});

/** The hourly recount of every offer's approve rate over its last 30 days; scheduled by the worker. */
export const offerApproveRates = defineJob({
  id: 'offers.approve-rates',
  queue: 'maintenance',
  schema: z.object({}).passthrough(),
  options: retrying(3, 60_000),
  key: () => 'offers.approve-rates',
});

/** The daily clicks retention: old raw clicks rolled up into click_daily_stats and deleted. */
export const clicksRetention = defineJob({
  id: 'clicks.retention',
  queue: 'maintenance',
  schema: z.object({}).passthrough(),
  options: retrying(3, 60_000),
  key: () => 'clicks.retention',
});

/** Write one lead export (a row of lead_exports) into its xlsx files, streaming. */
export const exportLeads = defineJob({
  id: 'export.leads',
  queue: 'exports',
  schema: z.object({ exportId: z.number().int().positive() }),
  options: retrying(3, 30_000),
  key: (p) => `export.leads-${p.exportId}`,
});

/**
 * The sweep of endpoints failing for ENDPOINT_DISABLE_AFTER_MS: their postbacks or CRM disabled,
 * their owners mailed (decision 0037); scheduled by the worker.
 */
export const endpointsDisableFailing = defineJob({
  id: 'endpoints.disable-failing',
  queue: 'maintenance',
  schema: z.object({}).passthrough(),
  options: retrying(3, 60_000),
  key: () => 'endpoints.disable-failing',
});

/**
 * An endpoint re-enabled by its owner (decision 0037): its lane reset, what it parked released and
 * its waiting deliveries handed out again. `at` keeps two re-enables apart.
 */
export const endpointResume = defineJob({
  id: 'endpoint.resume',
  queue: 'maintenance',
  schema: z.object({ endpoint: z.string().min(1).max(300), at: z.number().int() }),
  options: retrying(5, 5_000),
  key: (p) => `endpoint.resume-${p.endpoint.replace(/[^\w.-]/g, '_')}-${p.at}`,
});

export const jobs = {
  mailSend,
  leadDeliver,
  crmFetchStatus,
  crmDecide,
  postbackSend,
  payoutAuto,
  offerApproveRates,
  clicksRetention,
  exportLeads,
  endpointsDisableFailing,
  endpointResume,
} as const;
export type JobName = keyof typeof jobs;
