import { type invoiceCalls, pageOf as pageRequest, type partnerCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import * as credits from './credits.service.ts';
import * as invoices from './invoices.service.ts';

type Partners = typeof partnerCalls;
type Invoices = typeof invoiceCalls;

export const setCreditBalance: CallHandler<Partners['setCreditBalance']> = (input, ctx) =>
  credits.setCreditBalance(ctx.db, requireCaller(ctx), input);

export const setCreditBalanceDynamic: CallHandler<Partners['setCreditBalanceDynamic']> = (input, ctx) =>
  credits.setCreditBalanceDynamic(ctx.db, requireCaller(ctx), input);

export const createInvoice: CallHandler<Invoices['createInvoice']> = (input, ctx) =>
  invoices.createInvoice(ctx.db, requireCaller(ctx), input);

export const markInvoicePaid: CallHandler<Invoices['markInvoicePaid']> = (input, ctx) =>
  invoices.markInvoicePaid(ctx.db, requireCaller(ctx), input);

export const getAllInvoices: CallHandler<Invoices['getAllInvoices']> = async (input, ctx) => ({
  DBData: await invoices.listInvoices(ctx.db, pageRequest(input)),
});
