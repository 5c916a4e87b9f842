import { crmCallbackRoutes } from './features/crms/crm-callback.ts';
import { imageFileRoutes } from './features/images/images.routes.ts';
import { intakeRoutes } from './features/intake/intake.routes.ts';
import type { BoundCall } from './lib/call.ts';

/**
 * The machine routes bound by contract (decision 0077): the same pipeline as the documented calls
 * with their own credential (an API token, a CRM's callback token, none for public files) instead of a session. The
 * OpenAPI document and the authorization matrix read their contracts from here.
 */
export const machineCalls: readonly BoundCall[] = [...intakeRoutes, ...crmCallbackRoutes, ...imageFileRoutes];
