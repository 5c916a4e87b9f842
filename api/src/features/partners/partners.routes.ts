import { partnerCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './partners.handlers.ts';

export const partnerRoutes = [
  // "self": the id in the payload, when sent, must be the caller's own.
  bind(partnerCalls.addAdvertiser, h.addAdvertiser, { owns: [{ user: 'id', bypass: [] }] }),
];
