import { Alert, Button, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';

/** What a loading dialog shows: a spinner, the message of a failed load, or what loaded (its own phase). */
export type LoadingDialogState<Loaded extends { phase: string }> =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | Loaded;

export interface LoadingDialogProps<Loaded extends { phase: string }> {
  title: ReactNode;
  onClose(): void;
  state: LoadingDialogState<Loaded>;
  /** `data-testid` of the body, which tells the state's phase in `data-phase`. */
  testId: string;
  /** `data-testid` of Close, the dialog's only button. */
  closeTestId: string;
  /** `data-testid` of the failed load's message. */
  errorTestId: string;
  /** How a failed load reads: an error, or a warning where it only means there is nothing to show. */
  errorType?: 'error' | 'warning';
  /** What loaded. */
  children(loaded: Loaded): ReactNode;
}

function failed<Loaded extends { phase: string }>(
  state: LoadingDialogState<Loaded>,
): state is { phase: 'error'; message: string } {
  return state.phase === 'error';
}

function loaded<Loaded extends { phase: string }>(state: LoadingDialogState<Loaded>): state is Loaded {
  return state.phase !== 'loading' && state.phase !== 'error';
}

/**
 * A dialog that loads what it shows on open: a spinner, then the message of a failed load (its line
 * breaks kept) or what loaded. Only a Close button; the screen drops it when closed.
 *
 * @example <LoadingDialog title="Link" onClose={close} state={state} testId="link" closeTestId="link-close" errorTestId="link-error">{({ url }) => url}</LoadingDialog>
 */
export function LoadingDialog<Loaded extends { phase: string }>({
  title,
  onClose,
  state,
  testId,
  closeTestId,
  errorTestId,
  errorType = 'error',
  children,
}: LoadingDialogProps<Loaded>) {
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={
        <Button data-testid={closeTestId} onClick={onClose}>
          Close
        </Button>
      }
    >
      <div data-testid={testId} data-phase={state.phase}>
        {failed(state) ? (
          <Alert
            type={errorType}
            showIcon
            data-testid={errorTestId}
            title={<span style={{ whiteSpace: 'pre-line' }}>{state.message}</span>}
          />
        ) : loaded(state) ? (
          children(state)
        ) : (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        )}
      </div>
    </Modal>
  );
}
