import { partnerCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './partners.handlers.ts';

export const partnerRoutes = bindEach(partnerCalls, h, {
  // "self": the id in the payload, when sent, must be the caller's own.
  addAdvertiser: { owns: [{ user: 'id', bypass: [] }] },
});
