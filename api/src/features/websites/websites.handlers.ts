import type { websiteCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './websites.service.ts';

type Calls = typeof websiteCalls;

export const uploadWebsite: CallHandler<Calls['uploadWebsite']> = async (input, { db, deps }) =>
  service.uploadWebsite(db, deps.traffic, input);

export const deleteWebsite: CallHandler<Calls['deleteWebsite']> = async (input, { db, deps }) => {
  await service.deleteWebsite(db, deps.traffic, input.id);
  return null;
};

export const getAllWebsites: CallHandler<Calls['getAllWebsites']> = async (input, ctx) =>
  service.websitesOfOffer(ctx.db, ctx.deps.traffic, requireCaller(ctx), input.BoundOffer);

export const getAllWebsitesFrontend: CallHandler<Calls['getAllWebsitesFrontend']> = async (input, ctx) => ({
  DBData: await service.listWebsites(ctx.db, ctx.deps.traffic, input),
});
