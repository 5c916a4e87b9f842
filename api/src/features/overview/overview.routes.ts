import { QUEUES } from '@leadmesh/jobs';
import { reportCalls } from '@leadmesh/schema';
import { Queue } from 'bullmq';
import type { AppDeps } from '../../context.ts';
import { bindEach, requireCaller } from '../../lib/call.ts';
import { endpointLanes } from '../../lib/endpoint-lanes.ts';
import { leadStatsPerIp } from '../dashboards/lead-report.service.ts';
import { networkOverview, type QueueDepthReader } from './overview.service.ts';

/** How long the overview waits for Redis before it shows its figures without queue depths. */
const QUEUE_COUNTS_TIMEOUT_MS = 500;

const queuesByDeps = new WeakMap<AppDeps, Map<string, Queue>>();

/** BullMQ's counts of the named queues, or null when Redis does not answer in time. */
function queueDepths(deps: AppDeps): QueueDepthReader {
  let queues = queuesByDeps.get(deps);
  if (!queues) {
    queues = new Map();
    queuesByDeps.set(deps, queues);
  }
  const cache = queues;
  return async (names) => {
    const read = Promise.all(
      names.map(async (name) => {
        let queue = cache.get(name);
        if (!queue) {
          queue = new Queue(name, { connection: deps.queueRedis, prefix: deps.env.REDIS_PREFIX });
          cache.set(name, queue);
        }
        const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
        return {
          name,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
        };
      }),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), QUEUE_COUNTS_TIMEOUT_MS);
    });
    try {
      return await Promise.race([read, late]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

export const overviewRoutes = bindEach(reportCalls, {
  getNetworkOverview: (input, ctx) =>
    networkOverview(ctx.db, requireCaller(ctx), input, {
      now: ctx.deps.now(),
      queues: queueDepths(ctx.deps),
      lanes: endpointLanes(ctx.deps),
      allQueues: QUEUES,
    }),
  getLeadStatsPerIP: (input, ctx) => leadStatsPerIp(ctx.db, input),
});
