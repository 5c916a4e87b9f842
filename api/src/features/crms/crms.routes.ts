import { partnerCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './crms.handlers.ts';
import { crmOwner } from './crms.service.ts';

/** An advertiser names only their own advertiser and CRMs; admins any (endpoints.md 56-65). */
const ownAdvertiser = { advertiser: 'advertiserID', bypass: ['admin'] } as const;
const ownCrm = { record: crmOwner, bypass: ['admin'] } as const;

export const crmRoutes = bindEach(partnerCalls, h, {
  addCRM: { owns: [ownAdvertiser] },
  editCRM: { owns: [ownAdvertiser, ownCrm] },
  deleteCRM: { owns: [ownAdvertiser, ownCrm] },
  enableCRM: { owns: [ownAdvertiser, ownCrm] },
  getAllCRMs: { owns: [{ advertiser: 'BoundAdvertiser', bypass: ['admin'] }] },
  getCRMIntegrationLink: { owns: [ownAdvertiser, ownCrm] },
});
