import type { DbOrTx } from '@leadmesh/db';
import type { LogLevel } from '@leadmesh/schema';
import { logs } from '@leadmesh/schema/tables';
import type { Caller } from './caller.ts';

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

interface AuditEventInfo {
  context: string;
  level: LogLevel;
  summary: string;
}

const event = (context: string, level: LogLevel, summary: string): AuditEventInfo => ({
  context,
  level,
  summary,
});

/** Every event the system log records: where it happened (the Logs screen's Context), its level, its summary. */
export const AUDIT_EVENTS = {
  'advertiser.deleted': event('partners/deleteAdvertiser', 1, 'Advertiser deleted'),
  'advertiser.edited': event('partners/editAdvertiser', 0, 'Advertiser edited'),
  'advertiser.registered': event('partners/addAdvertiser', 0, 'Advertiser registered'),
  'advertiser.unverified': event('partners/verifyAdvertiser', 0, 'Advertiser unverified'),
  'advertiser.verified': event('partners/verifyAdvertiser', 0, 'Advertiser verified'),
  'api.unhandled-error': event('api', 2, 'Unhandled error'),
  'api-token.created': event('apiTokens/addApiToken', 1, 'API token created'),
  'api-token.removed': event('apiTokens/removeApiToken', 1, 'API token removed'),
  'api-token.viewed': event('apiTokens/getToken', 0, 'API token viewed'),
  'credit.changed': event('partners/setCreditBalanceDynamic', 0, 'Credit changed'),
  'credit.set': event('partners/setCreditBalance', 0, 'Credit set'),
  'crm.added': event('partners/addCRM', 0, 'CRM added'),
  'crm.deleted': event('partners/deleteCRM', 0, 'CRM deleted'),
  'crm.disabled': event('endpoints/disable', 1, 'CRM disabled'),
  'crm.edited': event('partners/editCRM', 0, 'CRM edited'),
  'crm.re-enabled': event('endpoints/enable', 0, 'CRM re-enabled'),
  'custom-payout.added': event('customOfferPayouts/addPayout', 0, 'Custom payout added'),
  'custom-payout.changed': event('customOfferPayouts/editPayout', 0, 'Custom payout changed'),
  'custom-payout.removed': event('customOfferPayouts/removePayout', 0, 'Custom payout removed'),
  'domain.added': event('domains/addDomain', 0, 'Domain added'),
  'domain.deleted': event('domains/deleteDomain', 1, 'Domain deleted'),
  'domain.renamed': event('domains/editDomain', 0, 'Domain renamed'),
  'email.changed': event('users/confirmEmailChange', 1, 'E-mail changed'),
  'image.deleted': event('images/deleteImageByFilename', 0, 'Image deleted'),
  'image.uploaded': event('images/uploadImage', 0, 'Image uploaded'),
  'invoice.created': event('invoices/createInvoice', 0, 'Invoice created'),
  'invoice.paid': event('invoices/markInvoicePaid', 0, 'Invoice paid'),
  'lead.resent': event('leads/resendLead', 0, 'Lead resent'),
  'lead.status-set': event('leads/setLeadStatusAdmin', 1, 'Lead status set by hand'),
  'leads.resent': event('leads/resendLeads', 0, 'Undelivered leads resent'),
  'login.failed': event('auth/login', 1, 'Login failed'),
  'logs.removed': event('logs/removeAllLogs', 1, 'All logs removed'),
  'offer.added': event('offers/addOffer', 0, 'Offer added'),
  'offer.edited': event('offers/editOffer', 0, 'Offer edited'),
  'offer.removed': event('offers/deleteOffer', 1, 'Offer removed'),
  'offer.retired': event('offers/deleteOffer', 1, 'Offer retired'),
  'password.reset': event('auth/resetPassword', 0, 'Password reset'),
  'payout.created': event('payouts/createPlatformPayout', 0, 'Payout created'),
  'payout.deleted': event('payouts/deletePlatformPayout', 1, 'Payout deleted'),
  'payout.processed': event('payouts/performPayoutProcess', 0, 'Payout processed'),
  'payout.skipped-on-hold': event('payouts/performPayoutProcess', 1, 'Payout skipped, payments on hold'),
  'postback.disabled': event('endpoints/disable', 1, 'Postback disabled'),
  'postback.re-enabled': event('endpoints/enable', 0, 'Postback re-enabled'),
  'postback.replayed': event('postback/replayPostbackDelivery', 0, 'Postback delivery replayed'),
  'postback-secret.created': event('postback/rotateSigningSecret', 0, 'Postback signing secret created'),
  'postback-secret.rotated': event('postback/rotateSigningSecret', 0, 'Postback signing secret rotated'),
  'publisher.verified': event('users/verifyPublisher', 0, 'Publisher verified'),
  'user.deleted': event('users/deleteUser', 1, 'User deleted'),
  'user.edited': event('users/editUser', 0, 'User edited'),
  /** An edit of what secures the account or its money: e-mail, password, payment method. */
  'user.edited-sensitive': event('users/editUser', 1, 'User edited'),
  'user.signed-up': event('users/createUser', 0, 'User signed up'),
} as const satisfies Record<string, AuditEventInfo>;
export type AuditEvent = keyof typeof AUDIT_EVENTS;

/** A fact of an event: text (escaped by `logValue`), a number, a flag, a time, a list; undefined facts are left out. */
export type AuditFact = string | number | boolean | Date | readonly (string | number)[] | null | undefined;

/**
 * Who did it: the session's caller or a user's id (its user is the entry's User), a named part of
 * the platform acting on its own (`'auto-payout'`), or null (an anonymous caller).
 */
export type AuditActor = Caller | number | string | null;

const actorOf = (actor: AuditActor): number | string | null =>
  typeof actor === 'object' && actor !== null ? actor.user.ID : actor;

/** The one shape of a log line: `Summary [fact:value] … [by:actor]`, every value escaped. */
export function auditText(event: AuditEvent, facts: Record<string, AuditFact>, by: AuditActor): string {
  const actor = actorOf(by);
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
  const user = actorOf(actor);
  const json = dump === undefined ? null : JSON.stringify(dump, null, 2);
  await db.insert(logs).values({
    LogLevel: level,
    Context: context,
    Log: auditText(event, facts, actor).slice(0, LOG_TEXT_MAX),
    User: typeof user === 'number' ? user : null,
    Dump: json && json.length > LOG_DUMP_MAX ? `${json.slice(0, LOG_DUMP_MAX)}\n…(truncated)` : json,
  });
}
