import type { Envelope, LeadTimelineEntry } from '@leadmesh/schema';
import { Alert, Button, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';

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
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().replace('T', ' ').slice(0, 19);
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
  /** Given only to the postback's owner: sends a delivery again. */
  onReplay?(deliveryId: number): Promise<Envelope<unknown>>;
}

/**
 * One ordered timeline of a lead: the click, the intake decision (with the rule that blocked it),
 * each CRM request with its answer, status changes and callbacks, ledger transfers and postback
 * attempts, each with its details. A postback the viewer owns gets a Replay button.
 */
export function LeadTimeline({ load, onReplay }: LeadTimelineProps) {
  const [entries, setEntries] = useState<LeadTimelineEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replayed, setReplayed] = useState<Record<number, 'busy' | 'sent' | 'failed'>>({});

  const fetchTimeline = useCallback(async () => {
    setError(null);
    setEntries(null);
    const answer = await load();
    if (answer.status === 'ok') setEntries(sortTimeline(answer.data));
    else setError(answer.details?.message ?? 'Error while fetching data!');
  }, [load]);

  useEffect(() => {
    void fetchTimeline();
  }, [fetchTimeline]);

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

  const replay = async (id: number) => {
    if (!onReplay) return;
    setReplayed((r) => ({ ...r, [id]: 'busy' }));
    const answer = await onReplay(id);
    setReplayed((r) => ({ ...r, [id]: answer.status === 'ok' ? 'sent' : 'failed' }));
  };

  return (
    <div data-testid="lead-timeline">
      <Timeline
        items={entries.map((entry, i) => {
          const kind = TIMELINE_KINDS[entry.kind];
          const details = Object.entries(entry.detail);
          const replayState = entry.replayDeliveryID !== null ? replayed[entry.replayDeliveryID] : undefined;
          return {
            key: `${entry.at}-${i}`,
            color: kind.color,
            content: (
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
                    <Button
                      size="small"
                      data-testid="timeline-replay"
                      loading={replayState === 'busy'}
                      disabled={replayState === 'sent'}
                      onClick={() => void replay(entry.replayDeliveryID as number)}
                    >
                      {replayState === 'sent'
                        ? 'Sent again'
                        : replayState === 'failed'
                          ? 'Failed, retry'
                          : 'Replay'}
                    </Button>
                  )}
                </div>
                {details.length > 0 && (
                  <dl style={{ margin: '4px 0 0', fontSize: 13 }}>
                    {details.map(([name, value]) => (
                      <div key={name} style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
                        <dt style={{ opacity: 0.65, minWidth: 90 }}>{name}</dt>
                        <dd style={{ margin: 0, flex: '1 1 200px', minWidth: 0 }}>
                          <DetailValue value={value} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </div>
            ),
          };
        })}
      />
    </div>
  );
}
