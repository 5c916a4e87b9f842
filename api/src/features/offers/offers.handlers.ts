import type { offerCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './offers.service.ts';

type Calls = typeof offerCalls;

export const addOffer: CallHandler<Calls['addOffer']> = async (input, ctx) =>
  service.addOffer(ctx.db, requireCaller(ctx), input);

export const editOffer: CallHandler<Calls['editOffer']> = async (input, ctx) =>
  service.editOffer(ctx.db, requireCaller(ctx), input);

export const deleteOffer: CallHandler<Calls['deleteOffer']> = async (input, ctx) => {
  await service.deleteOffer(ctx.db, requireCaller(ctx), input);
  return null;
};

export const getOfferByID: CallHandler<Calls['getOfferByID']> = async (input, ctx) =>
  service.getOfferByID(ctx.db, requireCaller(ctx), input);

export const getAllOffers: CallHandler<Calls['getAllOffers']> = async (input, ctx) => ({
  DBData: await service.listOffers(ctx.db, requireCaller(ctx), input),
});

export const getAllOfferNames: CallHandler<Calls['getAllOfferNames']> = async (_input, ctx) =>
  service.listOfferNames(ctx.db);

export const getAllOffersForAdvertiser: CallHandler<Calls['getAllOffersForAdvertiser']> = async (
  input,
  ctx,
) => ({
  DBData: await service.listAdvertiserOffers(ctx.db, requireCaller(ctx), input),
});

export const getAllSelectableOffers: CallHandler<Calls['getAllSelectableOffers']> = async (input, ctx) => ({
  DBData: await service.listSelectableOffers(ctx.db, requireCaller(ctx), { ...input, now: ctx.deps.now() }),
});

export const getSingleOffer: CallHandler<Calls['getSingleOffer']> = async (input, ctx) =>
  service.getSingleOffer(ctx.db, requireCaller(ctx), { ...input, now: ctx.deps.now() });
