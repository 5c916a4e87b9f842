import {
  ApiError,
  type Caller,
  type CrmDataRecord,
  enableEndpoint,
  endpointHealthOf,
  laneStatuses,
  maskCrmData,
  mergeCrmEdit,
  notFound,
  openCrmData,
  type SecretBox,
  sealCrmData,
  validationError,
} from '@leadmesh/core';
import { integrationLines } from '@leadmesh/crm/server';
import type { Db } from '@leadmesh/db';
import { crmLane, type EndpointLanes } from '@leadmesh/jobs';
import { checkOutboundUrl, type UrlCheckOptions } from '@leadmesh/net';
import {
  type Crm,
  type CrmData,
  type CrmType,
  type CrmWithHealth,
  crmDataIssues,
  crmFieldLabel,
  MESSAGES,
} from '@leadmesh/schema';
import { advertisers, type CrmRow, crms, offers } from '@leadmesh/schema/tables';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { randomToken } from '../../lib/crypto.ts';
import { audit } from '../../lib/logs.ts';

/** What the CRM services need besides the database: the secret box and the outbound policy. */
export interface CrmServiceEnv {
  box: SecretBox;
  /** The save-time outbound policy: tests reach their fake CRMs on 127.0.0.1 (ALLOW_LOOPBACK_TARGETS) and resolve through a stub. */
  outbound: UrlCheckOptions;
}

/** What answers with a CRM's health need: the secret box (to mask its data) and the endpoint lanes. */
export interface CrmHealthEnv {
  box: SecretBox;
  lanes: EndpointLanes | null;
}

/** A stored CRM as answers show it: its secrets masked. */
export function crmAnswer(box: SecretBox, row: CrmRow): Crm {
  return {
    ID: row.ID,
    BoundAdvertiser: row.BoundAdvertiser,
    name: row.name,
    friendlyName: row.friendlyName,
    data: maskCrmData(box, row.name, row.data) as CrmData,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The owner of a CRM, for the bindings' ownership rule. */
export async function crmOwner(db: Db, input: { ID: number }) {
  const [row] = await db
    .select({ advertiserId: crms.BoundAdvertiser })
    .from(crms)
    .where(eq(crms.ID, input.ID))
    .limit(1);
  return row ?? null;
}

async function requireAdvertiser(db: Db, advertiserId: number): Promise<void> {
  const [row] = await db
    .select({ ID: advertisers.ID })
    .from(advertisers)
    .where(eq(advertisers.ID, advertiserId))
    .limit(1);
  if (!row) throw validationError('advertiserID', MESSAGES.crmAdvertiserInvalid);
}

/** The CRM named by ID, which must belong to `advertiserId` ('Advertiser ID invalid!' otherwise). */
async function loadOwnedCrm(db: Db, id: number, advertiserId: number): Promise<CrmRow> {
  const [row] = await db.select().from(crms).where(eq(crms.ID, id)).limit(1);
  if (!row) throw notFound('CRM not found');
  if (row.BoundAdvertiser !== advertiserId)
    throw validationError('advertiserID', MESSAGES.crmAdvertiserInvalid);
  return row;
}

/**
 * The inbound URL must be http(s) to a public address, checked as the worker will check it when
 * it sends (packages/net). A name that does not resolve is refused too: it is almost always a typo.
 */
async function checkInboundUrl(env: CrmServiceEnv, type: CrmType, url: string | undefined): Promise<void> {
  if (!url) return;
  const label = crmFieldLabel(type, 'inboundURL');
  const check = await checkOutboundUrl(url, env.outbound);
  if (!check.ok) throw validationError('CRMData.inboundURL', `${label}: ${check.message}`);
}

function checkIssues(type: CrmType, data: CrmDataRecord, editing: boolean): void {
  const [issue] = crmDataIssues(type, data, editing);
  if (issue) throw validationError(`CRMData.${issue.field}`, issue.message);
}

/** What the log says of a CRM, added or deleted. */
const crmFacts = (crm: CrmRow) => ({ crm: crm.ID, type: crm.name, advertiser: crm.BoundAdvertiser });

export interface NewCrm {
  CRMName: CrmType;
  CRMFriendlyName: string;
  CRMData: CrmDataRecord;
  advertiserID: number;
}

/** Connects a CRM (dashboards §5): the type's fields required, the URL public, secrets sealed. */
export async function addCrm(db: Db, env: CrmServiceEnv, caller: Caller, input: NewCrm): Promise<Crm> {
  await requireAdvertiser(db, input.advertiserID);
  checkIssues(input.CRMName, input.CRMData, false);
  await checkInboundUrl(env, input.CRMName, input.CRMData.inboundURL);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(crms)
      .values({
        BoundAdvertiser: input.advertiserID,
        name: input.CRMName,
        friendlyName: input.CRMFriendlyName,
        data: sealCrmData(env.box, input.CRMName, input.CRMData) as Record<string, string>,
        callbackToken: randomToken(32),
      })
      .returning();
    await audit(tx, 'crm.added', { ...crmFacts(created), name: created.friendlyName }, caller);
    return created;
  });
  return crmAnswer(env.box, row);
}

export interface CrmEdit {
  ID: number;
  CRMFriendlyName: string;
  CRMData: CrmDataRecord;
  advertiserID: number;
}

/**
 * Edits a CRM: its type never changes; a secret sent as 'unchanged', masked or left out keeps the
 * stored one (review §13), and the type's required fields are checked on the result.
 */
export async function editCrm(db: Db, env: CrmServiceEnv, caller: Caller, input: CrmEdit): Promise<Crm> {
  const current = await loadOwnedCrm(db, input.ID, input.advertiserID);
  const storedPlain = openCrmData(env.box, current.name, current.data);
  const next = mergeCrmEdit(current.name, storedPlain, input.CRMData);
  checkIssues(current.name, next, true);
  if (next.inboundURL !== storedPlain.inboundURL) await checkInboundUrl(env, current.name, next.inboundURL);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(crms)
      .set({
        friendlyName: input.CRMFriendlyName,
        data: sealCrmData(env.box, current.name, next) as Record<string, string>,
        updatedAt: new Date(),
      })
      .where(eq(crms.ID, current.ID))
      .returning();
    const changed = (Object.keys({ ...storedPlain, ...next }) as (keyof CrmDataRecord)[]).filter(
      (field) => storedPlain[field] !== next[field],
    );
    await audit(
      tx,
      'crm.edited',
      { crm: updated.ID, fields: changed.join(',') || 'none', name: updated.friendlyName },
      caller,
    );
    return updated;
  });
  return crmAnswer(env.box, row);
}

/** Removes a CRM unless an offer still delivers to it (dashboards §8: 'Error while deleting CRM, maybe in use?'). */
export async function deleteCrm(
  db: Db,
  caller: Caller,
  input: { ID: number; advertiserID: number },
): Promise<null> {
  const current = await loadOwnedCrm(db, input.ID, input.advertiserID);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .select({ n: count() })
      .from(offers)
      .where(and(eq(offers.SelectedCRM, current.ID), isNull(offers.deletedAt)));
    if (used.n > 0) throw new ApiError('CONFLICT', { message: MESSAGES.crmDeleteInUse });
    await tx.delete(crms).where(eq(crms.ID, current.ID));
    await audit(tx, 'crm.deleted', crmFacts(current), caller);
  });
  return null;
}

/**
 * An advertiser's CRMs: the caller's own, or (admins) the named advertiser's; an admin naming none
 * gets every CRM.
 */
export async function listCrms(
  db: Db,
  { box, lanes }: CrmHealthEnv,
  caller: Caller,
  input: { BoundAdvertiser?: number },
): Promise<CrmWithHealth[]> {
  const advertiserId = input.BoundAdvertiser ?? (caller.user.isAdmin ? undefined : caller.advertiser?.ID);
  if (advertiserId === undefined && !caller.user.isAdmin) return [];
  const rows = await db
    .select()
    .from(crms)
    .where(advertiserId === undefined ? undefined : eq(crms.BoundAdvertiser, advertiserId))
    // Newest first within each advertiser (the spec gives no order).
    .orderBy(asc(crms.BoundAdvertiser), desc(crms.ID));
  return withHealth(box, rows, lanes);
}

/** CRM answers with each CRM's health (decision 0037): its lane and its disabled mark. */
async function withHealth(
  box: SecretBox,
  rows: CrmRow[],
  lanes: EndpointLanes | null,
): Promise<CrmWithHealth[]> {
  const statuses = await laneStatuses(
    lanes,
    rows.map((row) => crmLane(row.ID)),
  );
  return rows.map((row) => ({
    ...crmAnswer(box, row),
    health: endpointHealthOf(statuses.get(crmLane(row.ID)), row),
  }));
}

/**
 * Re-enables a disabled CRM (ownership checked at the binding: the advertiser's own, or an admin)
 * in one transaction with its log line; the worker then resets its lane and hands out the leads
 * that waited (decision 0037). A CRM that was not disabled is answered as it stands.
 */
export async function enableCrm(
  db: Db,
  { box, lanes }: CrmHealthEnv,
  caller: Caller,
  input: { ID: number; advertiserID: number },
  now: number,
): Promise<CrmWithHealth> {
  const current = await loadOwnedCrm(db, input.ID, input.advertiserID);
  const enabled = await db.transaction((tx) =>
    enableEndpoint(tx, { kind: 'crm', id: current.ID }, caller.user.ID, now),
  );
  const [row] = await db.select().from(crms).where(eq(crms.ID, current.ID));
  const [answer] = await withHealth(box, [row], enabled ? null : lanes);
  return answer;
}

/** Every advertiser with its CRMs (id and name), for the admin's add-offer pickers. */
export async function listAdvertisersWithCrms(db: Db) {
  const rows = await db
    .select({
      ID: advertisers.ID,
      CompanyName: advertisers.CompanyName,
      crmId: crms.ID,
      crmName: crms.friendlyName,
      crmType: crms.name,
    })
    .from(advertisers)
    .leftJoin(crms, eq(crms.BoundAdvertiser, advertisers.ID))
    .orderBy(asc(advertisers.CompanyName), asc(advertisers.ID), asc(crms.ID));
  const byId = new Map<
    number,
    { ID: number; CompanyName: string; CRMInfo: { ID: number; friendlyName: string; name: CrmType }[] }
  >();
  for (const row of rows) {
    let entry = byId.get(row.ID);
    if (!entry) {
      entry = { ID: row.ID, CompanyName: row.CompanyName, CRMInfo: [] };
      byId.set(row.ID, entry);
    }
    if (row.crmId !== null && row.crmName !== null && row.crmType !== null)
      entry.CRMInfo.push({ ID: row.crmId, friendlyName: row.crmName, name: row.crmType });
  }
  return [...byId.values()];
}

/** The status callback URL of a CRM (decision 0009): it carries the CRM's secret token. */
export function callbackUrl(publicApiUrl: string, row: Pick<CrmRow, 'ID' | 'callbackToken'>): string {
  return `${publicApiUrl.replace(/\/+$/, '')}/crm/${row.ID}/callback/${row.callbackToken}`;
}

/** What the advertiser sets in their CRM (dashboards §7): each type's lines of instructions, the link last. */
export async function integrationLink(
  db: Db,
  publicApiUrl: string,
  input: { ID: number; advertiserID: number },
): Promise<string[]> {
  const row = await loadOwnedCrm(db, input.ID, input.advertiserID);
  return integrationLines(row.name, callbackUrl(publicApiUrl, row));
}
