import { secretBoxFromEnv } from '@leadmesh/core';
import type { partnerCalls } from '@leadmesh/schema';
import { type CallContext, type CallHandler, requireCaller } from '../../lib/call.ts';
import { endpointLanes } from '../../lib/endpoint-lanes.ts';
import { outboundUrlPolicy } from '../../lib/outbound-policy.ts';
import * as service from './crms.service.ts';

type Calls = typeof partnerCalls;

const serviceEnv = (ctx: CallContext): service.CrmServiceEnv => ({
  box: secretBoxFromEnv(ctx.deps.env),
  outbound: outboundUrlPolicy(ctx.deps.env),
});

const healthEnv = (ctx: CallContext): service.CrmHealthEnv => ({
  box: secretBoxFromEnv(ctx.deps.env),
  lanes: endpointLanes(ctx.deps),
});

export const addCRM: CallHandler<Calls['addCRM']> = async (input, ctx) =>
  service.addCrm(ctx.db, serviceEnv(ctx), requireCaller(ctx), input);

export const editCRM: CallHandler<Calls['editCRM']> = async (input, ctx) =>
  service.editCrm(ctx.db, serviceEnv(ctx), requireCaller(ctx), input);

export const deleteCRM: CallHandler<Calls['deleteCRM']> = async (input, ctx) =>
  service.deleteCrm(ctx.db, requireCaller(ctx), input);

export const getAllCRMs: CallHandler<Calls['getAllCRMs']> = async (input, ctx) =>
  service.listCrms(ctx.db, healthEnv(ctx), requireCaller(ctx), input);

export const enableCRM: CallHandler<Calls['enableCRM']> = async (input, ctx) =>
  service.enableCrm(ctx.db, healthEnv(ctx), requireCaller(ctx), input, ctx.deps.now());

export const getAllAdvertisersWithCRM: CallHandler<Calls['getAllAdvertisersWithCRM']> = async (_input, ctx) =>
  service.listAdvertisersWithCrms(ctx.db);

export const getCRMIntegrationLink: CallHandler<Calls['getCRMIntegrationLink']> = async (input, ctx) =>
  service.integrationLink(ctx.db, ctx.deps.env.PUBLIC_API_URL, input);
