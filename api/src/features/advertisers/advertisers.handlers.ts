import type { partnerCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import { loadAdvertiser } from '../partners/partners.service.ts';
import * as service from './advertisers.service.ts';

type Calls = typeof partnerCalls;

export const getAllAdvertisers: CallHandler<Calls['getAllAdvertisers']> = async (input, { db }) => ({
  DBData: await service.listAdvertisers(db, input),
});
export const getAdvertiserByID: CallHandler<Calls['getAdvertiserByID']> = (input, { db }) =>
  loadAdvertiser(db, input.ID);
export const editAdvertiser: CallHandler<Calls['editAdvertiser']> = (input, ctx) =>
  service.editAdvertiser(ctx.db, requireCaller(ctx), input);
export const verifyAdvertiser: CallHandler<Calls['verifyAdvertiser']> = (input, ctx) =>
  service.verifyAdvertiser(ctx.db, requireCaller(ctx), input);
export const deleteAdvertiser: CallHandler<Calls['deleteAdvertiser']> = (input, ctx) =>
  service.deleteAdvertiser(ctx.db, requireCaller(ctx), input);
