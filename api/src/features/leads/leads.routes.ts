import { leadCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './leads.handlers.ts';

export const leadRoutes = [bind(leadCalls.getStatusCodes, h.getStatusCodes)];
