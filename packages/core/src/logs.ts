import type { DbOrTx } from '@leadmesh/db';
import type { LogLevel } from '@leadmesh/schema';
import { logs } from '@leadmesh/schema/tables';

const LOG_TEXT_MAX = 2000;
const LOG_DUMP_MAX = 64 * 1024;

/**
 * Text a user controls (a username, a header) made safe for a log line: control characters,
 * bidi overrides and the brackets that delimit parameters are escaped, and the length capped,
 * so it can neither forge another line or parameter nor fill the table.
 */
export function logValue(value: unknown, max = 120): string {
  const text = String(value ?? '');
  const escaped = text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped here
    /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069[\]]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > max ? `${escaped.slice(0, max)}…(${text.length} chars)` : escaped;
}

/** Every event the system log records: where it happened (the Logs screen's Context), its level, its summary. */
export const AUDIT_EVENTS = {
  'advertiser.deleted': { context: 'partners/deleteAdvertiser', level: 1, summary: 'Advertiser deleted' },
  'advertiser.edited': { context: 'partners/editAdvertiser', level: 0, summary: 'Advertiser edited' },
  'advertiser.registered': { context: 'partners/addAdvertiser', level: 0, summary: 'Advertiser registered' },
  'advertiser.unverified': {
    context: 'partners/verifyAdvertiser',
    level: 0,
    summary: 'Advertiser unverified',
  },
  'advertiser.verified': { context: 'partners/verifyAdvertiser', level: 0, summary: 'Advertiser verified' },
  'api.unhandled-error': { context: 'api', level: 2, summary: 'Unhandled error' },
  'api-token.created': { context: 'apiTokens/addApiToken', level: 1, summary: 'API token created' },
  'api-token.removed': { context: 'apiTokens/removeApiToken', level: 1, summary: 'API token removed' },
  'api-token.viewed': { context: 'apiTokens/getToken', level: 0, summary: 'API token viewed' },
  'credit.changed': { context: 'partners/setCreditBalanceDynamic', level: 0, summary: 'Credit changed' },
  'credit.set': { context: 'partners/setCreditBalance', level: 0, summary: 'Credit set' },
  'crm.added': { context: 'partners/addCRM', level: 0, summary: 'CRM added' },
  'crm.deleted': { context: 'partners/deleteCRM', level: 0, summary: 'CRM deleted' },
  'crm.disabled': { context: 'endpoints/disable', level: 1, summary: 'CRM disabled' },
  'crm.edited': { context: 'partners/editCRM', level: 0, summary: 'CRM edited' },
  'crm.re-enabled': { context: 'endpoints/enable', level: 0, summary: 'CRM re-enabled' },
  'custom-payout.added': {
    context: 'customOfferPayouts/addPayout',
    level: 0,
    summary: 'Custom payout added',
  },
  'custom-payout.changed': {
    context: 'customOfferPayouts/editPayout',
    level: 0,
    summary: 'Custom payout changed',
  },
  'custom-payout.removed': {
    context: 'customOfferPayouts/removePayout',
    level: 0,
    summary: 'Custom payout removed',
  },
  'domain.added': { context: 'domains/addDomain', level: 0, summary: 'Domain added' },
  'domain.deleted': { context: 'domains/deleteDomain', level: 1, summary: 'Domain deleted' },
  'domain.renamed': { context: 'domains/editDomain', level: 0, summary: 'Domain renamed' },
  'email.changed': { context: 'users/confirmEmailChange', level: 1, summary: 'E-mail changed' },
  'image.deleted': { context: 'images/deleteImageByFilename', level: 0, summary: 'Image deleted' },
  'image.uploaded': { context: 'images/uploadImage', level: 0, summary: 'Image uploaded' },
  'invoice.created': { context: 'invoices/createInvoice', level: 0, summary: 'Invoice created' },
  'invoice.paid': { context: 'invoices/markInvoicePaid', level: 0, summary: 'Invoice paid' },
  'lead.resent': { context: 'leads/resendLead', level: 0, summary: 'Lead resent' },
  'lead.status-set': { context: 'leads/setLeadStatusAdmin', level: 1, summary: 'Lead status set by hand' },
  'leads.resent': { context: 'leads/resendLeads', level: 0, summary: 'Undelivered leads resent' },
  'login.failed': { context: 'auth/login', level: 1, summary: 'Login failed' },
  'logs.removed': { context: 'logs/removeAllLogs', level: 1, summary: 'All logs removed' },
  'offer.added': { context: 'offers/addOffer', level: 0, summary: 'Offer added' },
  'offer.edited': { context: 'offers/editOffer', level: 0, summary: 'Offer edited' },
  'offer.removed': { context: 'offers/deleteOffer', level: 1, summary: 'Offer removed' },
  'offer.retired': { context: 'offers/deleteOffer', level: 1, summary: 'Offer retired' },
  'password.reset': { context: 'auth/resetPassword', level: 0, summary: 'Password reset' },
  'payout.created': { context: 'payouts/createPlatformPayout', level: 0, summary: 'Payout created' },
  'payout.deleted': { context: 'payouts/deletePlatformPayout', level: 1, summary: 'Payout deleted' },
  'payout.processed': { context: 'payouts/performPayoutProcess', level: 0, summary: 'Payout processed' },
  'payout.skipped-on-hold': {
    context: 'payouts/performPayoutProcess',
    level: 1,
    summary: 'Payout skipped, payments on hold',
  },
  'postback.disabled': { context: 'endpoints/disable', level: 1, summary: 'Postback disabled' },
  'postback.re-enabled': { context: 'endpoints/enable', level: 0, summary: 'Postback re-enabled' },
  'postback.replayed': {
    context: 'postback/replayPostbackDelivery',
    level: 0,
    summary: 'Postback delivery replayed',
  },
  'postback-secret.created': {
    context: 'postback/rotateSigningSecret',
    level: 0,
    summary: 'Postback signing secret created',
  },
  'postback-secret.rotated': {
    context: 'postback/rotateSigningSecret',
    level: 0,
    summary: 'Postback signing secret rotated',
  },
  'publisher.verified': { context: 'users/verifyPublisher', level: 0, summary: 'Publisher verified' },
  'user.deleted': { context: 'users/deleteUser', level: 1, summary: 'User deleted' },
  'user.edited': { context: 'users/editUser', level: 0, summary: 'User edited' },
  /** An edit of what secures the account or its money: e-mail, password, payment method. */
  'user.edited-sensitive': { context: 'users/editUser', level: 1, summary: 'User edited' },
  'user.signed-up': { context: 'users/createUser', level: 0, summary: 'User signed up' },
} as const satisfies Record<string, { context: string; level: LogLevel; summary: string }>;
export type AuditEvent = keyof typeof AUDIT_EVENTS;

/** A fact of an event: text (escaped by `logValue`), a number, a flag, a time, a list; undefined facts are left out. */
export type AuditFact = string | number | boolean | Date | readonly (string | number)[] | null | undefined;

/**
 * Who did it: a user's id (also the entry's User), a named part of the platform acting on its own
 * (`'auto-payout'`), or null (an anonymous caller).
 */
export type AuditActor = number | string | null;

/** The one shape of a log line: `Summary [fact:value] … [by:actor]`, every value escaped. */
export function auditText(event: AuditEvent, facts: Record<string, AuditFact>, actor: AuditActor): string {
  const parts: string[] = [AUDIT_EVENTS[event].summary];
  for (const [name, value] of Object.entries(facts)) {
    if (value === undefined) continue;
    const shown =
      value instanceof Date
        ? value.toISOString()
        : Array.isArray(value)
          ? logValue(value.join(','), 500)
          : typeof value === 'string'
            ? logValue(value, 500)
            : String(value);
    parts.push(`[${name}:${shown}]`);
  }
  if (actor !== null) parts.push(`[by:${typeof actor === 'string' ? logValue(actor) : actor}]`);
  return parts.join(' ');
}

/**
 * Writes one entry of the system log that admins read on admin-logs, in the caller's transaction:
 * the event's context and level, the line `auditText` makes, the acting user, and a dump (a stack)
 * where one helps.
 */
export async function audit(
  db: DbOrTx,
  event: AuditEvent,
  facts: Record<string, AuditFact>,
  actor: AuditActor,
  dump?: unknown,
): Promise<void> {
  const { context, level } = AUDIT_EVENTS[event];
  const json = dump === undefined ? null : JSON.stringify(dump, null, 2);
  await db.insert(logs).values({
    LogLevel: level,
    Context: context,
    Log: auditText(event, facts, actor).slice(0, LOG_TEXT_MAX),
    User: typeof actor === 'number' ? actor : null,
    Dump: json && json.length > LOG_DUMP_MAX ? `${json.slice(0, LOG_DUMP_MAX)}\n…(truncated)` : json,
  });
}
