import { partnerCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './advertisers.handlers.ts';

export const advertiserRoutes = [
  bind(partnerCalls.getAllAdvertisers, h.getAllAdvertisers),
  bind(partnerCalls.getAdvertiserByID, h.getAdvertiserByID, {
    owns: [{ advertiser: 'ID', bypass: ['staff', 'advertiserManager'] }],
  }),
  bind(partnerCalls.editAdvertiser, h.editAdvertiser, { owns: [{ advertiser: 'ID', bypass: ['admin'] }] }),
  bind(partnerCalls.verifyAdvertiser, h.verifyAdvertiser),
  bind(partnerCalls.deleteAdvertiser, h.deleteAdvertiser),
];
