import { logCalls, pageOf } from '@leadmesh/schema';
import { bind, type CallHandler, requireCaller } from '../../lib/call.ts';
import * as service from './logs.service.ts';

type Calls = typeof logCalls;

const getLogs: CallHandler<Calls['getLogs']> = async (input, { db }) => ({
  DBData: await service.listLogs(db, { ...pageOf(input), limit: input.limit }),
});
const getLogDump: CallHandler<Calls['getLogDump']> = (input, { db }) => service.logDump(db, input);
const removeAllLogs: CallHandler<Calls['removeAllLogs']> = (_input, ctx) =>
  service.removeAllLogs(ctx.db, requireCaller(ctx));

export const logRoutes = [
  bind(logCalls.getLogs, getLogs),
  bind(logCalls.getLogDump, getLogDump),
  bind(logCalls.removeAllLogs, removeAllLogs),
];
