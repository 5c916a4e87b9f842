import type { CrmType } from '@leadmesh/schema';
import type { CrmAdapter } from '../types.ts';
import { bitrix24 } from './bitrix24.ts';
import { kmacrm } from './kmacrm.ts';
import { leadvertex } from './leadvertex.ts';
import { scalecrm } from './scalecrm.ts';

/** One adapter per CRM type. */
export const ADAPTERS: Record<CrmType, CrmAdapter> = { bitrix24, leadvertex, scalecrm, kmacrm };
