import type { Envelope } from '@leadmesh/schema';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, confirmReducer } from './ConfirmDialog.tsx';
import { LoadingDialog, type LoadingDialogState } from './LoadingDialog.tsx';

describe('confirmReducer', () => {
  it('goes idle → busy → error or closed, and ignores events that do not apply', () => {
    const busy = confirmReducer({ phase: 'idle' }, { type: 'confirm' });
    expect(busy).toEqual({ phase: 'busy' });
    expect(confirmReducer(busy, { type: 'failed', message: 'x' })).toEqual({ phase: 'error', message: 'x' });
    expect(confirmReducer(busy, { type: 'succeeded' })).toEqual({ phase: 'closed' });
    expect(confirmReducer(busy, { type: 'close' })).toEqual({ phase: 'busy' });
    expect(confirmReducer({ phase: 'error', message: 'x' }, { type: 'close' })).toEqual({ phase: 'closed' });
    expect(confirmReducer({ phase: 'closed' }, { type: 'confirm' })).toEqual({ phase: 'closed' });
  });
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Harness({ onConfirm, onDone }: { onConfirm(): Promise<Envelope<unknown>>; onDone(): void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="open-state">{open ? 'open' : 'closed'}</span>
      <ConfirmDialog
        open={open}
        title="Delete CRM?"
        onConfirm={onConfirm}
        onDone={onDone}
        onClose={() => setOpen(false)}
      >
        This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('shows a spinner while busy, then closes and updates the list on success', async () => {
    const answer = deferred<Envelope<unknown>>();
    const onDone = vi.fn();
    render(<Harness onConfirm={() => answer.promise} onDone={onDone} />);
    expect(screen.getByText('This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(screen.getByTestId('confirm-busy')).toBeTruthy();
    expect(screen.queryByTestId('confirm-ok')).toBeNull();
    await act(async () => answer.resolve({ status: 'ok', data: null }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('open-state').textContent).toBe('closed');
  });

  it('shows the error message with Close on failure, without updating the list', async () => {
    const onDone = vi.fn();
    render(
      <Harness
        onConfirm={async () => ({
          status: 'error',
          data: 'CONFLICT',
          details: { message: 'Error while deleting CRM, maybe in use?' },
        })}
        onDone={onDone}
      />,
    );
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('confirm-error')).toBeTruthy());
    expect(screen.getByText('Error while deleting CRM, maybe in use?')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-close'));
    expect(screen.getByTestId('open-state').textContent).toBe('closed');
  });

  it('treats a thrown error as a failure', async () => {
    render(
      <Harness
        onConfirm={async () => {
          throw new Error('network');
        }}
        onDone={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByText('Server timed out!')).toBeTruthy());
  });
});

describe('LoadingDialog', () => {
  const dialog = (state: LoadingDialogState<{ phase: 'ok'; text: string }>, onClose = () => {}) => (
    <LoadingDialog
      title="CRM info"
      onClose={onClose}
      state={state}
      testId="info"
      closeTestId="info-close"
      errorTestId="info-error"
      errorType="warning"
    >
      {({ text }) => <span>{text}</span>}
    </LoadingDialog>
  );

  it('shows a spinner while it loads, then what loaded, and says its phase', () => {
    const { rerender } = render(dialog({ phase: 'loading' }));
    const body = screen.getByTestId('info');
    expect(body.dataset.phase).toBe('loading');
    expect(body.querySelector('.ant-spin')).not.toBeNull();
    rerender(dialog({ phase: 'ok', text: 'CRM ID 42' }));
    expect(body.dataset.phase).toBe('ok');
    expect(body.textContent).toBe('CRM ID 42');
    expect(body.querySelector('.ant-spin')).toBeNull();
  });

  it('shows the message of a failed load in the alert type asked, and closes through Close', () => {
    const onClose = vi.fn();
    render(dialog({ phase: 'error', message: 'Failed\nAsk your manager' }, onClose));
    const error = screen.getByTestId('info-error');
    expect(error.className).toContain('ant-alert-warning');
    expect(error.textContent).toContain('Failed\nAsk your manager');
    fireEvent.click(screen.getByTestId('info-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
