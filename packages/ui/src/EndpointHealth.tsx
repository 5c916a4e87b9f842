import type { EndpointHealthView, Envelope } from '@leadmesh/schema';
import { Alert, Button, Tag } from 'antd';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { formatDateTimeUtc, formatTimeUtc } from './format.ts';

/** The line a failing endpoint shows: since when, its last error, its next try (decision 0037). */
export function failingText(health: EndpointHealthView): string {
  const parts = [`Failing since ${formatDateTimeUtc(health.failingSince)}`];
  if (health.lastError) parts.push(`last error: ${health.lastError}`);
  if (health.nextTryAt) parts.push(`next try ${formatTimeUtc(health.nextTryAt)}`);
  return parts.join(' · ');
}

const TAGS = {
  failing: { color: 'orange', label: 'Failing' },
  disabled: { color: 'red', label: 'Disabled' },
} as const;

/** A failing or disabled endpoint's tag (nothing while it answers), for lists and the delivery log. */
export function EndpointStateTag({ health }: { health: EndpointHealthView | undefined }) {
  if (!health || health.state === 'ok') return null;
  const tag = TAGS[health.state];
  return (
    <Tag
      color={tag.color}
      data-testid="endpoint-state"
      data-state={health.state}
      title={health.state === 'failing' ? failingText(health) : (health.disabledReason ?? undefined)}
    >
      {tag.label}
    </Tag>
  );
}

/**
 * Errors carry long unbroken words (`CONNECTION_FAILED:`, addresses): allowed to break anywhere so
 * the notice never widens its table cell past a phone's width.
 */
const NOTICE_STYLE = { marginTop: 4, overflowWrap: 'anywhere' } as const;

export interface EndpointReenableProps {
  /** What the endpoint is: `postback “Tracker”`, `CRM “Scale” of advertiser`. */
  what: string;
  /** The re-enable call (the owner's, or an admin's). */
  onReenable(): Promise<Envelope<unknown>>;
  /** After a re-enable: reload the list. */
  onDone?: () => void;
}

/**
 * Re-enable of a disabled endpoint (decision 0037): a button, a confirmation saying what happens,
 * a toast when done and the server's refusal in the dialog otherwise.
 */
export function EndpointReenableButton({ what, onReenable, onDone }: EndpointReenableProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button size="small" data-testid="endpoint-reenable" onClick={() => setConfirming(true)}>
        Re-enable
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Re-enable"
        confirmText="Re-enable"
        doneText={`Re-enabled: the waiting deliveries of ${what} are being sent`}
        errorMessage="It could not be re-enabled. Try again in a moment."
        onConfirm={onReenable}
        onDone={() => onDone?.()}
        onClose={() => setConfirming(false)}
      >
        Re-enable {what}? Deliveries that waited while it was disabled are sent now; if it still fails, it
        shows as failing again.
      </ConfirmDialog>
    </>
  );
}

/** The line a disabled endpoint shows: since when, and that nothing is sent meanwhile. */
export function disabledText(health: EndpointHealthView): string {
  return `Disabled since ${formatDateTimeUtc(health.disabledAt)}: nothing is sent, new events wait.`;
}

export interface EndpointHealthNoticeProps {
  health: EndpointHealthView;
  /** What the endpoint is to its owner: `postback “Tracker”`, `CRM “Scale”`. */
  what: string;
  /** The re-enable call (the owner's). */
  onReenable(): Promise<Envelope<unknown>>;
  /** After a re-enable: reload the list. */
  onDone(): void;
}

/**
 * How a failing or disabled endpoint stands, beside it on its owner's screen (issue 17, decision
 * 0037): failing says since when, its last error and next try; disabled says since when and why,
 * with a Re-enable button behind a confirmation and a toast.
 */
export function EndpointHealthNotice({ health, what, onReenable, onDone }: EndpointHealthNoticeProps) {
  if (health.state === 'ok') return null;
  if (health.state === 'failing') {
    return (
      <Alert
        type="warning"
        showIcon
        title={failingText(health)}
        data-testid="endpoint-failing"
        style={NOTICE_STYLE}
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      data-testid="endpoint-disabled"
      style={NOTICE_STYLE}
      title={disabledText(health)}
      description={health.disabledReason}
      action={<EndpointReenableButton what={what} onReenable={onReenable} onDone={onDone} />}
    />
  );
}
