import type { Envelope } from '@leadmesh/schema';
import { Alert, Button, Modal, Spin } from 'antd';
import { type ReactNode, useEffect, useReducer } from 'react';
import { refusalText, useFeedback } from './feedback.tsx';

/** The dialog's states (dashboards §4 Dialogs): idle → busy → error, or closed with the list updated. */
export type ConfirmState =
  | { phase: 'idle' }
  | { phase: 'busy' }
  | { phase: 'error'; message: string }
  | { phase: 'closed' };

export type ConfirmEvent =
  | { type: 'open' }
  | { type: 'confirm' }
  | { type: 'failed'; message: string }
  | { type: 'succeeded' }
  | { type: 'close' };

/** The state machine, pure: events that do not apply in a state leave it unchanged. */
export function confirmReducer(state: ConfirmState, event: ConfirmEvent): ConfirmState {
  switch (event.type) {
    case 'open':
      return { phase: 'idle' };
    case 'confirm':
      return state.phase === 'idle' ? { phase: 'busy' } : state;
    case 'failed':
      return state.phase === 'busy' ? { phase: 'error', message: event.message } : state;
    case 'succeeded':
      return state.phase === 'busy' ? { phase: 'closed' } : state;
    case 'close':
      return state.phase === 'busy' ? state : { phase: 'closed' };
  }
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmText?: string;
  /** The action; an error envelope (or a thrown error) shows its message with Close. */
  onConfirm(): Promise<Envelope<unknown>>;
  /** After a success: update the list. */
  onDone(): void;
  /** The dialog closed (success, cancel or Close). */
  onClose(): void;
  /** Message when the error answer carries none. */
  errorMessage?: string;
  /** What a success did, shown as a toast ("Website deleted"). */
  doneText?: string;
}

/**
 * A confirmation dialog: Confirm shows a spinner while the action runs; a failure shows its
 * message and a Close button; a success closes the dialog and calls `onDone` to update the list.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText = 'Confirm',
  onConfirm,
  onDone,
  onClose,
  errorMessage = 'Server timed out!',
  doneText,
}: ConfirmDialogProps) {
  const [state, dispatch] = useReducer(confirmReducer, { phase: open ? 'idle' : 'closed' });
  const feedback = useFeedback();
  useEffect(() => {
    dispatch({ type: open ? 'open' : 'close' });
  }, [open]);

  const confirm = async () => {
    dispatch({ type: 'confirm' });
    let answer: Envelope<unknown>;
    try {
      answer = await onConfirm();
    } catch {
      answer = { status: 'error', data: 'SERVER_ERROR' };
    }
    if (answer.status === 'ok') {
      dispatch({ type: 'succeeded' });
      if (doneText) feedback.done(doneText);
      onDone();
      onClose();
    } else {
      dispatch({ type: 'failed', message: refusalText(answer, errorMessage) });
    }
  };
  const close = () => {
    dispatch({ type: 'close' });
    onClose();
  };

  let footer: ReactNode;
  if (state.phase === 'busy') footer = null;
  else if (state.phase === 'error') {
    footer = (
      <Button data-testid="confirm-close" onClick={close}>
        Close
      </Button>
    );
  } else {
    footer = [
      <Button key="cancel" data-testid="confirm-cancel" onClick={close}>
        Cancel
      </Button>,
      <Button key="ok" type="primary" danger data-testid="confirm-ok" onClick={() => void confirm()}>
        {confirmText}
      </Button>,
    ];
  }

  return (
    <Modal
      open={open && state.phase !== 'closed'}
      title={title}
      footer={footer}
      closable={state.phase !== 'busy'}
      mask={{ closable: false }}
      onCancel={close}
      destroyOnHidden
    >
      <div data-testid="confirm-dialog" data-phase={state.phase}>
        {state.phase === 'busy' && (
          <div data-testid="confirm-busy" style={{ textAlign: 'center', padding: 16 }}>
            <Spin />
          </div>
        )}
        {state.phase === 'error' && <Alert type="error" data-testid="confirm-error" title={state.message} />}
        {state.phase === 'idle' && children}
      </div>
    </Modal>
  );
}
