import { domainCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './domains.handlers.ts';
import { domainOwner } from './domains.service.ts';

/** A publisher names only their own domains; internal ones (no owner) and other publishers' are an admin's. */
const ownDomain = { record: domainOwner, bypass: ['admin'] } as const;
const ownUser = { user: 'BoundUser', bypass: ['admin'] } as const;

export const domainRoutes = bindEach(domainCalls, h, {
  addDomain: { owns: [ownUser] },
  editDomain: { owns: [ownUser, ownDomain] },
  deleteDomain: { owns: [ownUser, ownDomain] },
  getDomainByID: { owns: [ownDomain] },
  getDomains: { owns: [{ user: 'BoundUser', bypass: [] }] },
  getDomainsForUser: { owns: [{ user: 'ID', bypass: ['staff', 'publisherManager'] }] },
});
