import { domainCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './domains.handlers.ts';
import { domainOwner } from './domains.service.ts';

/** A publisher names only their own domains; internal ones (no owner) and other publishers' are an admin's. */
const ownDomain = { record: domainOwner, bypass: ['admin'] } as const;
const ownUser = { user: 'BoundUser', bypass: ['admin'] } as const;

export const domainRoutes = [
  bind(domainCalls.addDomain, h.addDomain, { owns: [ownUser] }),
  bind(domainCalls.editDomain, h.editDomain, { owns: [ownUser, ownDomain] }),
  bind(domainCalls.deleteDomain, h.deleteDomain, { owns: [ownUser, ownDomain] }),
  bind(domainCalls.getDomainByID, h.getDomainByID, { owns: [ownDomain] }),
  bind(domainCalls.getDomains, h.getDomains, { owns: [{ user: 'BoundUser', bypass: [] }] }),
  bind(domainCalls.getDomainsForUser, h.getDomainsForUser, {
    owns: [{ user: 'ID', bypass: ['staff', 'publisherManager'] }],
  }),
  bind(domainCalls.getInternalDomains, h.getInternalDomains),
];
