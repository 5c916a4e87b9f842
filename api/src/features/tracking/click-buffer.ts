import type { Db } from '@leadmesh/db';
import { classifyUserAgent } from '../../lib/traffic/device.ts';
import type { GeoLookup } from '../../lib/traffic/geo.ts';
import { type ClickRow, type ClickWriter, inlineClickWriter } from './click-writer.ts';

/** What the tracking redirect knows of a click; geo, device and uniqueness are added when it is written. */
export interface PendingClick {
  ClickKey: string;
  BoundTakenOffer: number;
  BoundUser: number;
  BoundOffer: number;
  IP: string | null;
  UserAgent: string | null;
  Referer: string | null;
  /** c1..c6 and stclickid from the link's query. */
  SubIDs: Record<string, string> | null;
  /** Milliseconds since the epoch, taken when the visitor arrived. */
  createdAt: number;
}

export interface ClickBufferOptions {
  geo: GeoLookup;
  /** Write at most this long after the first buffered click (default 100 ms). */
  flushEveryMs?: number;
  /** Write at once when this many clicks wait (default 500). */
  maxRows?: number;
  /** Clicks kept while the database refuses writes; beyond, the oldest are dropped (default 100,000). */
  maxBacklog?: number;
  /** Told about failed writes (default console.error). */
  onError?: (error: unknown) => void;
  /** Who writes the rows (default: on the event loop, through `db`); see click-writer.ts. */
  writer?: ClickWriter | Promise<ClickWriter | null>;
}

const RETRY_MS = 1_000;
const MAX_USER_AGENT = 1024;
const MAX_REFERER = 2048;

/** Recent answers of `lookup`, kept for `limit` keys (user agents and addresses repeat). */
function remembered<T>(lookup: (key: string) => T, limit = 2_000): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = lookup(key);
      if (known.size >= limit) known.delete(known.keys().next().value as string);
      known.set(key, value);
    }
    return value;
  };
}

/**
 * Clicks on their way to the `clicks` table. The tracking redirect only `add`s (no I/O); the
 * buffer writes in batches, one transaction each, at most `flushEveryMs` after the first click
 * or as soon as `maxRows` wait. A failed write keeps its clicks and retries a second later.
 * `close()` writes everything left: the entries call it on SIGTERM and SIGINT.
 *
 * The click id (`ClickKey`) exists before its row: intake asks `settle(key)` to wait until a
 * buffered click is written.
 */
export class ClickBuffer {
  private rows: PendingClick[] = [];
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  /** Device classification is the costly part of a click; user agents repeat, so answers are kept. */
  private readonly phoneAgent = remembered((ua) => classifyUserAgent(ua).isPhone);
  private readonly place: (ip: string) => { countryCode: string | null; city: string | null };
  private writer: Promise<ClickWriter>;
  private readonly flushEveryMs: number;
  private readonly maxRows: number;
  private readonly maxBacklog: number;
  private readonly onError: (error: unknown) => void;
  /** Clicks dropped because the backlog was full (the database refused writes for long). */
  dropped = 0;

  constructor(
    private readonly db: Db,
    options: ClickBufferOptions,
  ) {
    this.flushEveryMs = options.flushEveryMs ?? 100;
    this.maxRows = options.maxRows ?? 500;
    this.maxBacklog = options.maxBacklog ?? 100_000;
    this.onError = options.onError ?? ((error) => console.error('clicks not written yet:', error));
    this.place = remembered((ip) => options.geo.lookup(ip), 10_000);
    this.writer = Promise.resolve(options.writer ?? null).then((writer) => writer ?? inlineClickWriter(db));
  }

  /** Clicks waiting (buffered or being written). */
  get size(): number {
    return this.pending.size;
  }

  add(click: PendingClick): void {
    this.rows.push(click);
    this.pending.add(click.ClickKey);
    if (this.rows.length >= this.maxRows) {
      void this.flush();
    } else if (!this.timer) {
      this.schedule(this.flushEveryMs);
    }
  }

  /** True while the click is buffered or being written. */
  isPending(clickKey: string): boolean {
    return this.pending.has(clickKey);
  }

  /** Waits until this click (if buffered) is in the table. */
  async settle(clickKey: string): Promise<void> {
    if (this.pending.has(clickKey)) await this.flush();
  }

  /** Writes every buffered click now (waiting for a write already under way first). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.rows.length === 0) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.rows;
    this.rows = [];
    this.running = this.write(batch)
      .catch(async (error) => {
        // Kept whole: slices already committed are ignored when written again (insert or ignore).
        this.keep(batch);
        this.onError(error);
        // A writer thread that died is replaced by the event loop's writer.
        if ((await this.writer).failed) this.writer = Promise.resolve(inlineClickWriter(this.db));
        if (!this.timer) this.schedule(RETRY_MS);
      })
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }

  /** Stops the timer and writes what is left (three tries); call before the database closes. */
  async close(): Promise<void> {
    for (let attempt = 0; attempt < 3 && (this.rows.length > 0 || this.running); attempt++) {
      await this.flush();
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.rows.length > 0) this.onError(new Error(`${this.rows.length} clicks could not be written`));
    await (await this.writer).close();
  }

  /** Where the clicks go: 'thread' (a writer thread of its own) or 'inline' (the event loop). */
  async writerKind(): Promise<ClickWriter['kind']> {
    return (await this.writer).kind;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
    this.timer.unref?.();
  }

  private keep(batch: PendingClick[]): void {
    this.rows = batch.concat(this.rows);
    const over = this.rows.length - this.maxBacklog;
    if (over > 0) {
      for (const click of this.rows.splice(0, over)) this.pending.delete(click.ClickKey);
      this.dropped += over;
    }
  }

  private async write(batch: PendingClick[]): Promise<void> {
    const rows = new Array<ClickRow>(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const c = batch[i];
      const place = c.IP ? this.place(c.IP) : null;
      const ua = c.UserAgent ? c.UserAgent.slice(0, MAX_USER_AGENT) : null;
      rows[i] = [
        c.ClickKey,
        c.BoundTakenOffer,
        c.BoundUser,
        c.BoundOffer,
        c.IP,
        ua,
        c.Referer ? c.Referer.slice(0, MAX_REFERER) : null,
        ua && this.phoneAgent(ua) ? 1 : 0,
        place?.countryCode ?? null,
        place?.city ?? null,
        c.SubIDs ? JSON.stringify(c.SubIDs) : null,
        c.createdAt,
      ];
    }
    await (await this.writer).write(rows);
    for (const click of batch) this.pending.delete(click.ClickKey);
  }
}
