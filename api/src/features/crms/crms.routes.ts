import { partnerCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './crms.handlers.ts';
import { crmOwner } from './crms.service.ts';

/** An advertiser names only their own advertiser and CRMs; admins any (endpoints.md 56-65). */
const ownAdvertiser = { advertiser: 'advertiserID', bypass: ['admin'] } as const;
const ownCrm = { record: crmOwner, bypass: ['admin'] } as const;

export const crmRoutes = [
  bind(partnerCalls.addCRM, h.addCRM, { owns: [ownAdvertiser] }),
  bind(partnerCalls.editCRM, h.editCRM, { owns: [ownAdvertiser, ownCrm] }),
  bind(partnerCalls.deleteCRM, h.deleteCRM, { owns: [ownAdvertiser, ownCrm] }),
  bind(partnerCalls.enableCRM, h.enableCRM, { owns: [ownAdvertiser, ownCrm] }),
  bind(partnerCalls.getAllCRMs, h.getAllCRMs, {
    owns: [{ advertiser: 'BoundAdvertiser', bypass: ['admin'] }],
  }),
  bind(partnerCalls.getAllAdvertisersWithCRM, h.getAllAdvertisersWithCRM),
  bind(partnerCalls.getCRMIntegrationLink, h.getCRMIntegrationLink, { owns: [ownAdvertiser, ownCrm] }),
];
