import { websiteCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './websites.handlers.ts';

export const websiteRoutes = bindEach(websiteCalls, h, {
  // authUser, when sent, is the caller's own (admins may name anyone).
  getAllWebsites: { owns: [{ user: 'authUser', bypass: ['admin'] }] },
});
