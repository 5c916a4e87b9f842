import { partnerCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './advertisers.handlers.ts';

export const advertiserRoutes = bindEach(partnerCalls, h, {
  getAdvertiserByID: { owns: [{ advertiser: 'ID', bypass: ['staff', 'advertiserManager'] }] },
  editAdvertiser: { owns: [{ advertiser: 'ID', bypass: ['admin'] }] },
});
