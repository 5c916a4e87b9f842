import { websiteCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './websites.handlers.ts';

export const websiteRoutes = [
  bind(websiteCalls.uploadWebsite, h.uploadWebsite),
  bind(websiteCalls.deleteWebsite, h.deleteWebsite),
  bind(websiteCalls.getAllWebsitesFrontend, h.getAllWebsitesFrontend),
  // authUser, when sent, is the caller's own (admins may name anyone).
  bind(websiteCalls.getAllWebsites, h.getAllWebsites, { owns: [{ user: 'authUser', bypass: ['admin'] }] }),
];
