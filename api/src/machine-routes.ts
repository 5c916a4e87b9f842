import type { CallContract } from '@leadmesh/schema';
import { crmCallbackRoutes } from './features/crms/crm-callback.ts';
import { imageFileRoutes } from './features/images/images.routes.ts';
import { intakeRoutes } from './features/intake/intake.routes.ts';
import { landingOrderRoutes } from './features/intake/landing-order.ts';
import { exportFileRoutes } from './features/lead-admin/lead-admin.routes.ts';
import { trackingCalls } from './features/tracking/tracking.contracts.ts';
import type { BoundCall } from './lib/call.ts';

/**
 * The machine routes of the API bound by contract (decisions 0077, 0078): the same pipeline as the
 * documented calls with their own credential (an API token, a CRM's callback token, none for public
 * files, an admin's session that answers everyone else as a missing file) instead of the callers alone.
 */
export const machineCalls: readonly BoundCall[] = [
  ...intakeRoutes,
  ...crmCallbackRoutes,
  ...imageFileRoutes,
  ...exportFileRoutes,
];

/** The sites server's routes bound by contract: the landings' orders, by signed click. */
export const siteCalls: readonly BoundCall[] = landingOrderRoutes;

/** The sites server's routes declared but answered by a handler of their own (the tracking link's hot path). */
export const siteRoutesByHand: readonly CallContract[] = [trackingCalls.trackingLink];

/** Every machine route's contract and the server answering it: the OpenAPI document and the matrix read these. */
export const machineContracts: readonly { contract: CallContract; server: 'api' | 'sites' }[] = [
  ...machineCalls.map(({ contract }) => ({ contract, server: 'api' as const })),
  ...[...siteCalls.map(({ contract }) => contract), ...siteRoutesByHand].map((contract) => ({
    contract,
    server: 'sites' as const,
  })),
];
