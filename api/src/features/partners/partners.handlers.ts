import type { partnerCalls } from '@leadmesh/schema';
import { type CallHandler, requirePrincipal } from '../../lib/call.ts';
import * as service from './partners.service.ts';

type Calls = typeof partnerCalls;

export const addAdvertiser: CallHandler<Calls['addAdvertiser']> = async (input, ctx) =>
  service.addAdvertiser(ctx.deps, requirePrincipal(ctx), {
    ...input,
    CompanyCity: input.CompanyCity ?? null,
    CompanyZipCode: input.CompanyZipCode ?? null,
    TaxVatNumber: input.TaxVatNumber ?? null,
  });
