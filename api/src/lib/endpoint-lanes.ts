import { createEndpointLanes, type EndpointLanes } from '@leadmesh/jobs';
import type { AppDeps } from '../context.ts';

const byRedis = new WeakMap<AppDeps['redis'], EndpointLanes>();

/**
 * The worker's endpoint lanes (decision 0035), read by the API for health only (decision 0037):
 * the same prefixed connection and namespace, so the same keys. Only `status` is called here;
 * resetting a lane is the worker's (`endpoint.resume`).
 */
export function endpointLanes(deps: AppDeps): EndpointLanes {
  let lanes = byRedis.get(deps.redis);
  if (!lanes) {
    lanes = createEndpointLanes(deps.redis);
    byRedis.set(deps.redis, lanes);
  }
  return lanes;
}
