import type { Redis } from 'ioredis';
import type { JobDefinition } from './define.ts';

/**
 * One lane per outbound endpoint (a postback receiver's host, a CRM), kept in Redis so every worker
 * process shares it (decision 0035):
 *
 * - at most `maxInFlight` deliveries in flight per endpoint: a job that finds no free slot is
 *   parked in the endpoint's waiting set and its BullMQ job ends at once, so it holds no worker slot;
 * - a circuit breaker: `failuresToOpen` consecutive failures open it; while open, deliveries park
 *   and none is sent; after a wait that doubles per opening (`probeBaseMs` .. `probeMaxMs`) one
 *   parked delivery goes alone as the probe (half-open); its success closes the breaker, its
 *   failure opens it again;
 * - a finished delivery's worker keeps its slot and sends the endpoint's oldest parked delivery
 *   itself (`handOn`, a bounded run: `drainMax`, `drainMs`), then hands the slot to the oldest
 *   parked one through the queue (slot hand-over), so a backlog for one endpoint enters the shared
 *   queue `maxInFlight` at a time and never stands in front of another endpoint's deliveries.
 *
 * Every step is one Lua script, so two workers never take the same slot or release the same parked
 * delivery. Slots are leases (`leaseMs`): a worker that dies mid-call frees its slot when the lease
 * runs out. Redis holds no delivery that the database does not: the outbox rows (postback
 * deliveries, leads waiting) stay pending while parked, and the sweeps bring them back if Redis
 * loses a lane.
 */
export interface LaneSettings {
  maxInFlight: number;
  failuresToOpen: number;
  probeBaseMs: number;
  probeMaxMs: number;
  leaseMs: number;
  /**
   * A worker holding a slot keeps it for the endpoint's next parked deliveries, sent in-process,
   * for at most this many deliveries in a row and this long (decision 0036): fair turns, then the
   * slot goes back through the queue.
   */
  drainMax: number;
  drainMs: number;
}

export const DEFAULT_LANE_SETTINGS: LaneSettings = {
  maxInFlight: 4,
  failuresToOpen: 5,
  probeBaseMs: 5_000,
  probeMaxMs: 300_000,
  leaseMs: 60_000,
  drainMax: 20,
  drainMs: 1_000,
};

/** What one delivery said about its endpoint: it answered, it did not, or nothing about its health. */
export type EndpointHealth = 'ok' | 'fail' | 'neutral';

/** A parked delivery given a slot: re-enqueue `member` (a job) under a job id ending in `token`. */
export interface Released {
  member: string;
  token: string;
}

/** How an endpoint stands, for the screens and the overview. */
export interface EndpointStatus {
  endpoint: string;
  state: 'closed' | 'open' | 'half-open';
  /** Consecutive failures. */
  failures: number;
  /** First failure of the current run of failures (ms), or null when the last delivery answered. */
  failingSince: number | null;
  lastError: string | null;
  /** When a probe may go (an open breaker), ms. */
  nextTryAt: number | null;
  inFlight: number;
  /** Deliveries parked, waiting for a slot or for the breaker. */
  waiting: number;
}

const COMMON = `
local now = tonumber(ARGV[1])
local maxInFlight = tonumber(ARGV[2])
local lease = tonumber(ARGV[3])
local endpoint = ARGV[4]
local function purge() redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now) end
local function getState()
  local s = redis.call('HGET', KEYS[1], 'state')
  if not s then return 'closed' end
  return s
end
local function takeSlot(token) redis.call('ZADD', KEYS[2], now + lease, token) end
local function popParked()
  local popped = redis.call('ZPOPMIN', KEYS[3])
  if #popped == 0 then return nil end
  local token = 'lane' .. redis.call('INCR', KEYS[5])
  takeSlot(token)
  return { popped[1], token }
end
local function releaseFree(out)
  purge()
  local free = maxInFlight - redis.call('ZCARD', KEYS[2])
  while free > 0 do
    local r = popParked()
    if not r then break end
    table.insert(out, r[1]); table.insert(out, r[2])
    free = free - 1
  end
end
-- When to look at the lane again: an open breaker at its probe time; otherwise when the oldest
-- slot's lease runs out (a slot a dead worker held). Only while deliveries are parked.
local function schedule(onlyEarlier)
  if redis.call('ZCARD', KEYS[3]) == 0 then redis.call('ZREM', KEYS[4], endpoint) return end
  local s = getState()
  local at
  if s == 'open' then
    at = tonumber(redis.call('HGET', KEYS[1], 'nextTry') or now)
  else
    local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
    if #first == 0 then at = now else at = tonumber(first[2]) end
  end
  if onlyEarlier then redis.call('ZADD', KEYS[4], 'LT', at, endpoint)
  else redis.call('ZADD', KEYS[4], at, endpoint) end
end
-- Parks a delivery at the back of the lane (once: a repeat keeps its place), and wakes the lane in time.
local function park(member)
  if not redis.call('ZSCORE', KEYS[3], member) then
    redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[5]), member)
  end
  schedule(true)
end
`;

/** KEYS: lane hash, in-flight zset, parked zset, wake zset, sequence, failing zset. ARGV: now, max, lease, endpoint, token, member. */
const ENTER = `${COMMON}
local token = ARGV[5]
local member = ARGV[6]
purge()
if redis.call('ZSCORE', KEYS[2], token) then takeSlot(token) return 1 end
local s = getState()
local go = false
if s == 'closed' then
  go = redis.call('ZCARD', KEYS[2]) < maxInFlight
elseif redis.call('ZCARD', KEYS[3]) > 0 then
  -- The probe is the oldest parked delivery (the wake timer sends it), never a newcomer: a retry
  -- arriving at the probe's time would otherwise fail again and wait its next, longer delay.
  go = false
elseif s == 'open' then
  if now >= tonumber(redis.call('HGET', KEYS[1], 'nextTry') or 0) then
    redis.call('HSET', KEYS[1], 'state', 'half-open', 'probe', token)
    go = true
  end
elseif s == 'half-open' then
  local probe = redis.call('HGET', KEYS[1], 'probe')
  if (not probe) or (not redis.call('ZSCORE', KEYS[2], probe)) then
    redis.call('HSET', KEYS[1], 'probe', token)
    go = true
  end
end
if go then takeSlot(token) return 1 end
park(member)
return 0
`;

/**
 * ARGV: now, max, lease, endpoint, member. A delivery asked for while its lane is backed up (the
 * breaker not closed, or deliveries already parked) is parked at once and never enters the shared
 * queue, where it would stand in front of other endpoints' deliveries only to be parked there.
 */
const ADMIT = `${COMMON}
local member = ARGV[5]
if getState() == 'closed' and redis.call('ZCARD', KEYS[3]) == 0 then return 1 end
park(member)
return 0
`;

/**
 * ARGV: now, max, lease, endpoint, token, health, error, failuresToOpen, probeBase, probeMax, keep.
 * Answers the member the leaving worker sends next under the same slot ('' for none: only when
 * `keep` is 1 and the breaker is closed), then the parked deliveries released to free slots.
 */
const LEAVE = `${COMMON}
local token = ARGV[5]
local health = ARGV[6]
redis.call('ZREM', KEYS[2], token)
local s = getState()
local probe = redis.call('HGET', KEYS[1], 'probe')
if health == 'ok' then
  redis.call('HSET', KEYS[1], 'state', 'closed', 'failures', 0, 'opens', 0)
  redis.call('HDEL', KEYS[1], 'since', 'lastError', 'nextTry', 'probe')
  redis.call('ZREM', KEYS[6], endpoint)
  s = 'closed'
elseif health == 'fail' then
  local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
  redis.call('HSET', KEYS[1], 'lastError', ARGV[7], 'lastFailureAt', now)
  if not redis.call('HGET', KEYS[1], 'since') then redis.call('HSET', KEYS[1], 'since', now) end
  redis.call('ZADD', KEYS[6], 'NX', now, endpoint)
  if (s == 'half-open' and probe == token) or (s == 'closed' and failures >= tonumber(ARGV[8])) then
    local opens = redis.call('HINCRBY', KEYS[1], 'opens', 1)
    local wait = math.min(tonumber(ARGV[9]) * math.pow(2, opens - 1), tonumber(ARGV[10]))
    redis.call('HSET', KEYS[1], 'state', 'open', 'nextTry', now + wait)
    redis.call('HDEL', KEYS[1], 'probe')
    s = 'open'
  end
elseif s == 'half-open' and probe == token then
  redis.call('HDEL', KEYS[1], 'probe')
end
local out = { '' }
if s == 'closed' then
  if ARGV[11] == '1' then
    local popped = redis.call('ZPOPMIN', KEYS[3])
    if #popped > 0 then
      takeSlot(token)
      out[1] = popped[1]
    end
  end
  releaseFree(out)
end
schedule(false)
return out
`;

/** ARGV: now, max, lease, endpoint. */
const WAKE = `${COMMON}
purge()
local s = getState()
if s == 'open' and now >= tonumber(redis.call('HGET', KEYS[1], 'nextTry') or 0) then
  redis.call('HSET', KEYS[1], 'state', 'half-open')
  redis.call('HDEL', KEYS[1], 'probe')
  s = 'half-open'
end
local out = {}
if s == 'half-open' then
  local probe = redis.call('HGET', KEYS[1], 'probe')
  if (not probe) or (not redis.call('ZSCORE', KEYS[2], probe)) then
    local r = popParked()
    if r then
      redis.call('HSET', KEYS[1], 'probe', r[2])
      table.insert(out, r[1]); table.insert(out, r[2])
    end
  end
elseif s == 'closed' then
  releaseFree(out)
end
schedule(false)
return out
`;

/** ARGV: now, max, lease, endpoint. Closes the breaker (the owner re-enabled it) and releases what waits. */
const RESET = `${COMMON}
redis.call('HSET', KEYS[1], 'state', 'closed', 'failures', 0, 'opens', 0)
redis.call('HDEL', KEYS[1], 'since', 'lastError', 'nextTry', 'probe', 'lastFailureAt')
redis.call('ZREM', KEYS[6], endpoint)
local out = {}
releaseFree(out)
schedule(false)
return out
`;

/** What a delivery's end gives its worker: the next parked delivery to send under its slot, if any. */
export interface Handoff {
  /** The member to send next, in-process, still holding the slot under the same token; null: the slot is free. */
  next: string | null;
  /** Parked deliveries given the other free slots: re-enqueue them. */
  released: Released[];
}

function pairs(flat: unknown): Released[] {
  const list = (flat as string[] | null) ?? [];
  const out: Released[] = [];
  for (let i = 0; i + 1 < list.length; i += 2) out.push({ member: list[i], token: list[i + 1] });
  return out;
}

export interface EndpointLanes {
  readonly settings: LaneSettings;
  /** Takes a slot for `token` (true), or parks `member` until one is free or the breaker lets it (false). */
  enter(endpoint: string, token: string, member: string): Promise<boolean>;
  /**
   * Before a delivery enters the shared queue: true when its lane takes deliveries; false when the
   * lane is backed up and `member` was parked instead (it takes no slot either way).
   */
  admit(endpoint: string, member: string): Promise<boolean>;
  /** Frees the slot, records the outcome and answers the parked deliveries that now have a slot. */
  leave(endpoint: string, token: string, health: EndpointHealth, error?: string | null): Promise<Released[]>;
  /**
   * As `leave`, but while the breaker stays closed the slot is kept for the oldest parked delivery,
   * which the caller sends itself (`next`), so the slot never waits on the shared queue.
   */
  handOn(endpoint: string, token: string, health: EndpointHealth, error?: string | null): Promise<Handoff>;
  /** Lanes whose time came (a probe due, a lease run out): the parked deliveries they release. */
  wakeDue(limit?: number): Promise<{ endpoint: string; released: Released[] }[]>;
  /** Closes an endpoint's breaker by hand and releases what waits. */
  reset(endpoint: string): Promise<Released[]>;
  status(endpoints: readonly string[]): Promise<EndpointStatus[]>;
  /** Endpoints failing now, longest first. */
  failing(limit?: number): Promise<EndpointStatus[]>;
}

/**
 * `redis` may carry a key prefix (the platform's prefixed connection); `namespace` separates callers (tests).
 *
 * Long because it is one closure over the lane's keys, settings and scripts; each method is a
 * line or two that runs one of them.
 */
export function createEndpointLanes(
  redis: Redis,
  settings: Partial<LaneSettings> = {},
  namespace = 'lanes',
): EndpointLanes {
  const s: LaneSettings = { ...DEFAULT_LANE_SETTINGS, ...settings };
  const keysOf = (endpoint: string) => [
    `${namespace}:{${endpoint}}:state`,
    `${namespace}:{${endpoint}}:inflight`,
    `${namespace}:{${endpoint}}:parked`,
    `${namespace}:wake`,
    `${namespace}:seq`,
    `${namespace}:failing`,
  ];
  const common = (endpoint: string) => [Date.now(), s.maxInFlight, s.leaseMs, endpoint];
  const run = (script: string, endpoint: string, extra: (string | number)[] = []) =>
    redis.eval(script, 6, ...keysOf(endpoint), ...common(endpoint), ...extra);

  async function leaveLane(
    endpoint: string,
    token: string,
    health: EndpointHealth,
    error: string | null | undefined,
    keep: boolean,
  ): Promise<Handoff> {
    const [next, ...released] = (await run(LEAVE, endpoint, [
      token,
      health,
      (error ?? '').slice(0, 500),
      s.failuresToOpen,
      s.probeBaseMs,
      s.probeMaxMs,
      keep ? 1 : 0,
    ])) as string[];
    return { next: next || null, released: pairs(released) };
  }

  async function status(endpoints: readonly string[]): Promise<EndpointStatus[]> {
    if (endpoints.length === 0) return [];
    const pipeline = redis.pipeline();
    for (const endpoint of endpoints) {
      const [state, inflight, parked] = keysOf(endpoint);
      pipeline.hgetall(state);
      pipeline.zcount(inflight, Date.now(), '+inf');
      pipeline.zcard(parked);
    }
    const answers = (await pipeline.exec()) ?? [];
    return endpoints.map((endpoint, i) => {
      const hash = (answers[i * 3]?.[1] ?? {}) as Record<string, string>;
      const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
      return {
        endpoint,
        state: (hash.state as EndpointStatus['state']) ?? 'closed',
        failures: Number(hash.failures ?? 0),
        failingSince: num(hash.since),
        lastError: hash.lastError ?? null,
        nextTryAt: hash.state === 'open' ? num(hash.nextTry) : null,
        inFlight: Number(answers[i * 3 + 1]?.[1] ?? 0),
        waiting: Number(answers[i * 3 + 2]?.[1] ?? 0),
      };
    });
  }

  return {
    settings: s,
    async enter(endpoint, token, member) {
      return (await run(ENTER, endpoint, [token, member])) === 1;
    },
    async admit(endpoint, member) {
      return (await run(ADMIT, endpoint, [member])) === 1;
    },
    async leave(endpoint, token, health, error) {
      return (await leaveLane(endpoint, token, health, error, false)).released;
    },
    handOn(endpoint, token, health, error) {
      return leaveLane(endpoint, token, health, error, true);
    },
    async wakeDue(limit = 200) {
      const due = await redis.zrangebyscore(`${namespace}:wake`, '-inf', Date.now(), 'LIMIT', 0, limit);
      const out: { endpoint: string; released: Released[] }[] = [];
      for (const endpoint of due) out.push({ endpoint, released: pairs(await run(WAKE, endpoint)) });
      return out;
    },
    async reset(endpoint) {
      return pairs(await run(RESET, endpoint));
    },
    status,
    async failing(limit = 50) {
      const endpoints = await redis.zrange(`${namespace}:failing`, 0, limit - 1);
      return status(endpoints);
    },
  };
}

/** What a lane keeps for a parked delivery: its job and payload, the same text for the same delivery. */
export const laneMember = (job: JobDefinition, payload: unknown): string =>
  JSON.stringify({ j: job.id, d: payload });

/** The lane of a postback receiver: its host (and port), lower-case. Null for a URL that does not parse. */
export function postbackLane(url: string): string | null {
  try {
    return `postback:${new URL(url).host.toLowerCase()}`;
  } catch {
    return null;
  }
}

/** The lane of a CRM connection (one per connection: its own URL and credentials). */
export const crmLane = (crmId: number): string => `crm:${crmId}`;
