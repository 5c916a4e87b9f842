import { takenOfferCalls } from '@leadmesh/schema';
import { bindEach } from '../../lib/call.ts';
import * as h from './taken-offers.handlers.ts';
import { takenOfferOwner } from './taken-offers.service.ts';

/** The taken offer the input's ID names must be the caller's own (verified publishers only: no bypass). */
const ownTakenOffer = {
  record: (db: Parameters<typeof takenOfferOwner>[0], input: { ID: number }) => takenOfferOwner(db, input.ID),
  bypass: [],
} as const;

export const takenOfferRoutes = bindEach(takenOfferCalls, h, {
  // authUser / BoundUser, when sent, must be the caller; the domain's owner is checked in the service
  // (internal domains belong to everyone), the websites must be the offer's.
  addTakenOffer: { owns: [{ user: 'authUser', bypass: [] }] },
  getAllTakenOffers: { owns: [{ user: 'BoundUser', bypass: [] }] },
  deleteTakenOffer: { owns: [{ user: 'authUser', bypass: [] }, ownTakenOffer] },
  generateOfferLink: { owns: [{ user: 'authUser', bypass: [] }, ownTakenOffer] },
});
