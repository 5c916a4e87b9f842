import type { domainCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './domains.service.ts';

type Calls = typeof domainCalls;

export const addDomain: CallHandler<Calls['addDomain']> = async (input, ctx) =>
  service.addDomain(ctx.db, requireCaller(ctx), input);

export const editDomain: CallHandler<Calls['editDomain']> = async (input, ctx) =>
  service.editDomain(ctx.db, requireCaller(ctx), input);

export const deleteDomain: CallHandler<Calls['deleteDomain']> = async (input, ctx) => {
  await service.deleteDomain(ctx.db, requireCaller(ctx), input);
  return null;
};

export const getDomainByID: CallHandler<Calls['getDomainByID']> = async (input, ctx) =>
  service.getDomainByID(ctx.db, requireCaller(ctx), input);

export const getDomains: CallHandler<Calls['getDomains']> = async (input, ctx) =>
  service.getDomains(ctx.db, requireCaller(ctx), input);

export const getDomainsForUser: CallHandler<Calls['getDomainsForUser']> = async (input, ctx) => ({
  DBData: await service.getDomainsForUser(ctx.db, requireCaller(ctx), input),
});

export const getInternalDomains: CallHandler<Calls['getInternalDomains']> = async (input, ctx) => ({
  DBData: await service.getInternalDomains(ctx.db, requireCaller(ctx), input),
});
