import type { partnerCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './partners.service.ts';

type Calls = typeof partnerCalls;

export const addAdvertiser: CallHandler<Calls['addAdvertiser']> = async (input, ctx) =>
  service.addAdvertiser(ctx.db, requireCaller(ctx), {
    ...input,
    CompanyCity: input.CompanyCity ?? null,
    CompanyZipCode: input.CompanyZipCode ?? null,
    TaxVatNumber: input.TaxVatNumber ?? null,
  });
