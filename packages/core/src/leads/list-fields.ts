import { ADMIN_LEAD_LIST, ADVERTISER_LEAD_LIST, PUBLISHER_LEAD_LIST } from '@leadmesh/schema';
import { leads } from '@leadmesh/schema/tables';
import { getTableColumns } from 'drizzle-orm';
import { listWhitelist } from '../list-engine.ts';

/**
 * The columns of every lead list's field: the list declarations name the table's own properties,
 * so a new filterable field needs no line here (`Date` is another name for `createdAt`).
 */
const LEAD_COLUMNS = { ...getTableColumns(leads), Date: leads.createdAt };

/** What a publisher may filter and search their leads by. */
export const PUBLISHER_LEAD_LIST_FIELDS = listWhitelist(PUBLISHER_LEAD_LIST, LEAD_COLUMNS);

/** What an advertiser may filter their leads by (never the publisher's side of the money). */
export const ADVERTISER_LEAD_LIST_FIELDS = listWhitelist(ADVERTISER_LEAD_LIST, LEAD_COLUMNS);

/** What staff may filter every lead by. */
export const ADMIN_LEAD_LIST_FIELDS = listWhitelist(ADMIN_LEAD_LIST, LEAD_COLUMNS);
