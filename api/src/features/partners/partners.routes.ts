import { partnerCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './partners.handlers.ts';

export const partnerRoutes = [bind(partnerCalls.addAdvertiser, h.addAdvertiser)];
