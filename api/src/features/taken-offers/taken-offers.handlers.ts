import type { takenOfferCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './taken-offers.service.ts';

type Calls = typeof takenOfferCalls;

export const addTakenOffer: CallHandler<Calls['addTakenOffer']> = async (input, ctx) => {
  const taken = await service.addTakenOffer(ctx.db, requireCaller(ctx), input);
  return taken;
};

export const getAllTakenOffers: CallHandler<Calls['getAllTakenOffers']> = async (input, ctx) =>
  service.listTakenOffers(ctx.db, requireCaller(ctx), input.Filters);

export const deleteTakenOffer: CallHandler<Calls['deleteTakenOffer']> = async (input, ctx) => {
  await service.deleteTakenOffer(ctx.db, ctx.deps.traffic, input.ID, ctx.deps.now());
  return null;
};

export const generateOfferLink: CallHandler<Calls['generateOfferLink']> = async (input, ctx) =>
  service.offerLink(ctx.db, ctx.deps.traffic, input.ID);
