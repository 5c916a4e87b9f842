import type { Envelope, LeadTimelineEntry } from '@leadmesh/schema';
import { formatUsd } from '@leadmesh/schema/constants';
import { Alert, Button, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime } from './format.ts';

/** How each kind of entry reads: its label and its antd colour. */
export const TIMELINE_KINDS: Record<LeadTimelineEntry['kind'], { label: string; color: string }> = {
  click: { label: 'Click', color: 'gray' },
  intake: { label: 'Intake', color: 'blue' },
  status: { label: 'Status', color: 'green' },
  resend: { label: 'Resend', color: 'orange' },
  crm_attempt: { label: 'CRM request', color: 'purple' },
  crm_callback: { label: 'CRM callback', color: 'cyan' },
  ledger: { label: 'Ledger', color: 'gold' },
  postback: { label: 'Postback', color: 'magenta' },
};

/** Oldest first; entries at the same moment keep the server's order. */
export function sortTimeline(entries: readonly LeadTimelineEntry[]): LeadTimelineEntry[] {
  return entries
    .map((entry, index) => ({ entry, index, t: Date.parse(entry.at) }))
    .sort((a, b) => a.t - b.t || a.index - b.index)
    .map((x) => x.entry);
}

function timeOf(iso: string): string {
  return formatDateTime(iso) || iso;
}

/** What the server's detail keys read as (no raw identifiers as labels); others are spelled out. */
const DETAIL_LABELS: Record<string, string> = {
  ip: 'IP',
  device: 'Device',
  country: 'Country',
  city: 'City',
  uniqueIp: 'Unique IP',
  blockedReason: 'Blocked because',
  source: 'Changed by',
  actor: 'By user',
  url: 'URL',
  request: 'Request',
  responseStatus: 'HTTP status',
  response: 'Answer',
  error: 'Error',
  durationMs: 'Took',
  payload: 'Payload',
  from: 'From',
  to: 'To',
  amountCents: 'Amount',
  crmLeadId: 'CRM lead ID',
  crmStatus: 'CRM status',
  callbackId: 'CRM callback no.',
  via: 'Came by',
  leadId: 'Lead ID',
  crmId: 'CRM ID',
};

export function detailLabel(key: string): string {
  const known = DETAIL_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const VIA_WORDS: Record<string, string> = {
  callback: 'CRM callback',
  'status-check': 'CRM status check',
  sandbox: 'Sandbox CRM',
};

const DEVICE_WORDS: Record<string, string> = { phone: 'Mobile', desktop: 'Desktop' };

/** A detail value as people read it: durations in ms, cents in $, flags as Yes/No. */
function shownValue(key: string, value: unknown): unknown {
  if (key === 'durationMs' && typeof value === 'number') return `${value} ms`;
  if (key === 'amountCents' && typeof value === 'number') return formatUsd(value);
  if (key === 'actor' && typeof value === 'number') return `#${value}`;
  if (key === 'via' && typeof value === 'string') return VIA_WORDS[value] ?? value;
  // The words of the lead panel's Device row.
  if (key === 'device' && typeof value === 'string') return DEVICE_WORDS[value] ?? value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** A detail value: short text inline, objects and long text (request and answer bodies) as a block. */
function DetailValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  if (typeof value === 'object' || (typeof value === 'string' && value.length > 80)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    return (
      <pre
        style={{
          margin: '2px 0 0',
          padding: 6,
          fontSize: 12,
          maxHeight: 220,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          background: 'rgba(127,127,127,0.08)',
          borderRadius: 4,
        }}
      >
        {text}
      </pre>
    );
  }
  return <span>{String(value)}</span>;
}

export interface LeadTimelineProps {
  /** Loads the timeline (`/leads/getLeadTimeline`). */
  load(): Promise<Envelope<LeadTimelineEntry[]>>;
  /**
   * Sends a delivery again (`/postback/replayPostbackDelivery`). The server marks the entries the
   * viewer may replay (`replayDeliveryID`); without this nothing offers a replay.
   */
  onReplay?(deliveryId: number): Promise<Envelope<unknown>>;
  /** How long after a replay to look for its attempt again, and how many times (tests shorten it). */
  refresh?: { everyMs: number; times: number };
}

type ReplayState = { phase: 'busy' } | { phase: 'queued' } | { phase: 'failed'; message: string };

const postbackCount = (entries: readonly LeadTimelineEntry[]) =>
  entries.filter((e) => e.kind === 'postback').length;

/**
 * One ordered timeline of a lead: the click, the intake decision (with the rule that blocked it),
 * each CRM request with its answer, status changes and callbacks, ledger transfers and postback
 * attempts, each with its details. Where the server allows it (the postback's owner, or an admin)
 * the latest attempt of a delivery has a Replay button; the worker sends the replay, so the
 * timeline looks again until its attempt is there.
 */
export function LeadTimeline({ load, onReplay, refresh = { everyMs: 1500, times: 8 } }: LeadTimelineProps) {
  const live = useLiveFlag();
  const { entries, setEntries, error, fetchTimeline } = useTimelineEntries(load, live);
  const { replays, replay } = useReplays({ load, onReplay, refresh, live, entries, setEntries });

  if (error) {
    return (
      <Alert
        type="error"
        data-testid="timeline-error"
        title={error}
        action={
          <Button size="small" onClick={() => void fetchTimeline()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (!entries) return <Spin data-testid="timeline-loading" />;
  if (entries.length === 0) return <Empty description="Nothing recorded for this lead yet" />;

  return (
    <div data-testid="lead-timeline">
      <Timeline
        items={entries.map((entry, i) => ({
          key: `${entry.at}-${i}`,
          color: TIMELINE_KINDS[entry.kind].color,
          content: (
            <TimelineEntryView
              entry={entry}
              replayState={entry.replayDeliveryID !== null ? replays[entry.replayDeliveryID] : undefined}
              onReplay={onReplay ? replay : undefined}
            />
          ),
        }))}
      />
    </div>
  );
}

/** False once the timeline is gone, so answers that come later change nothing. */
function useLiveFlag() {
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  return live;
}

/** The timeline's entries, oldest first, loaded on mount and again on Retry. */
function useTimelineEntries(load: LeadTimelineProps['load'], live: RefObject<boolean>) {
  const [entries, setEntries] = useState<LeadTimelineEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fetchTimeline = useCallback(async () => {
    setError(null);
    setEntries(null);
    const answer = await load();
    if (!live.current) return;
    if (answer.status === 'ok') setEntries(sortTimeline(answer.data));
    else setError(answer.details?.message ?? 'Error while fetching data!');
  }, [load, live]);

  useEffect(() => {
    void fetchTimeline();
  }, [fetchTimeline]);

  return { entries, setEntries, error, fetchTimeline };
}

/** Each delivery's replay state, and the replay that asks for it and then waits for its attempt. */
function useReplays({
  load,
  onReplay,
  refresh,
  live,
  entries,
  setEntries,
}: Required<Pick<LeadTimelineProps, 'load' | 'refresh'>> &
  Pick<LeadTimelineProps, 'onReplay'> & {
    live: RefObject<boolean>;
    entries: readonly LeadTimelineEntry[] | null;
    setEntries(entries: LeadTimelineEntry[]): void;
  }) {
  const [replays, setReplays] = useState<Record<number, ReplayState>>({});

  const replay = async (id: number) => {
    if (!onReplay) return;
    const seen = postbackCount(entries ?? []);
    setReplays((r) => ({ ...r, [id]: { phase: 'busy' } }));
    const answer = await onReplay(id);
    if (!live.current) return;
    if (answer.status !== 'ok') {
      const message = answer.details?.message ?? 'The postback could not be sent again';
      setReplays((r) => ({ ...r, [id]: { phase: 'failed', message } }));
      return;
    }
    setReplays((r) => ({ ...r, [id]: { phase: 'queued' } }));
    const settle = () =>
      setReplays((r) => {
        const { [id]: _done, ...rest } = r;
        return rest;
      });
    // The worker makes the attempt: look again, quietly, until it shows. Giving up only frees the
    // button (pressing again while the replay waits answers that same replay; the delivery log has it).
    for (let n = 0; n < refresh.times && live.current; n++) {
      await new Promise((resolve) => setTimeout(resolve, refresh.everyMs));
      const again = await load();
      if (!live.current) return;
      if (again.status === 'ok' && postbackCount(again.data) > seen) {
        setEntries(sortTimeline(again.data));
        settle();
        return;
      }
    }
    if (live.current) settle();
  };

  return { replays, replay };
}

/** One entry: its kind, title and time, the Replay button where it has one, and its details. */
function TimelineEntryView({
  entry,
  replayState,
  onReplay,
}: {
  entry: LeadTimelineEntry;
  replayState: ReplayState | undefined;
  onReplay: ((deliveryId: number) => Promise<void>) | undefined;
}) {
  const kind = TIMELINE_KINDS[entry.kind];
  const details = Object.entries(entry.detail);
  return (
    <div data-testid="timeline-entry" data-kind={entry.kind}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
        <Tag color={kind.color} style={{ marginInlineEnd: 0 }}>
          {kind.label}
        </Tag>
        <Typography.Text strong>{entry.title}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {timeOf(entry.at)} UTC
        </Typography.Text>
        {onReplay && entry.replayDeliveryID !== null && (
          <ReplayButton state={replayState} onClick={() => void onReplay(entry.replayDeliveryID as number)} />
        )}
        {replayState?.phase === 'failed' && (
          <Typography.Text type="danger" data-testid="timeline-replay-error" style={{ fontSize: 12 }}>
            {replayState.message}
          </Typography.Text>
        )}
      </div>
      {details.length > 0 && (
        <dl style={{ margin: '4px 0 0', fontSize: 13 }}>
          {details.map(([name, value]) => (
            <div key={name} style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
              <dt style={{ opacity: 0.65, minWidth: 90 }}>{detailLabel(name)}</dt>
              <dd style={{ margin: 0, flex: '1 1 200px', minWidth: 0 }}>
                <DetailValue value={shownValue(name, value)} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function ReplayButton({ state, onClick }: { state: ReplayState | undefined; onClick(): void }) {
  return (
    <Button
      size="small"
      data-testid="timeline-replay"
      data-phase={state?.phase ?? 'idle'}
      loading={state?.phase === 'busy'}
      disabled={state?.phase === 'queued'}
      onClick={onClick}
    >
      {state?.phase === 'queued' ? 'Replay queued' : state?.phase === 'failed' ? 'Try again' : 'Replay'}
    </Button>
  );
}
