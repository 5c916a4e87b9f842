import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CopyField } from './CopyField.tsx';
import { FormDialog } from './FormDialog.tsx';
import { refusalText } from './feedback.tsx';
import { AppTheme } from './theme.tsx';

describe('refusalText', () => {
  it("adds the server's reasons to the message, once, and keeps the fallback for an unreachable server", () => {
    const answer = {
      status: 'error' as const,
      data: 'VALIDATION_ERROR' as const,
      details: {
        field: 'postbackURL',
        message: 'There was an error while adding postback, check your info and try again',
        issues: [{ path: 'postbackURL', message: 'The host x.invalid could not be resolved.' }],
      },
    };
    expect(refusalText(answer, 'fallback')).toBe(
      'There was an error while adding postback, check your info and try again. The host x.invalid could not be resolved.',
    );
    // A reason the message already says is not repeated.
    expect(
      refusalText(
        {
          status: 'error',
          data: 'CONFLICT',
          details: { message: 'Taken.', issues: [{ path: 'a', message: 'Taken' }] },
        },
        'fallback',
      ),
    ).toBe('Taken.');
    expect(refusalText({ status: 'error', data: 'CONFLICT' }, 'fallback')).toBe('fallback');
    expect(refusalText({ status: 'error', data: 'SERVER_ERROR' }, 'fallback')).toBe('fallback');
    expect(refusalText({ status: 'ok', data: null }, 'fallback')).toBe('');
  });
});

function Saving({ ok }: { ok: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <AppTheme dark={false}>
      <FormDialog
        open={open}
        title="Edit"
        doneText="Offer saved"
        onSubmit={() =>
          ok
            ? { status: 'ok', data: null }
            : {
                status: 'error',
                data: 'VALIDATION_ERROR',
                details: { message: 'Bad', issues: [{ path: 'x', message: 'Name is taken' }] },
              }
        }
        onClose={() => setOpen(false)}
      >
        <input />
      </FormDialog>
    </AppTheme>
  );
}

describe('FormDialog feedback', () => {
  it('confirms a save with its done text', async () => {
    render(<Saving ok />);
    fireEvent.click(screen.getByTestId('form-submit'));
    expect((await screen.findByTestId('feedback-done')).textContent).toBe('Offer saved');
  });

  it("keeps the dialog open with the server's message and reason on a refusal", async () => {
    render(<Saving ok={false} />);
    fireEvent.click(screen.getByTestId('form-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toContain('Bad. Name is taken');
    expect(screen.queryByTestId('feedback-done')).toBeNull();
  });
});

describe('CopyField', () => {
  it('says what it copied, or to copy by hand when the browser refuses', async () => {
    const copied: string[] = [];
    let refuse = false;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          if (refuse) throw new Error('denied');
          copied.push(text);
        },
      },
    });
    render(
      <AppTheme dark={false}>
        <CopyField text="tok_123" what="Token" testId="token" />
      </AppTheme>,
    );
    expect(screen.getByTestId('token').textContent).toBe('tok_123');
    fireEvent.click(screen.getByTestId('token-copy'));
    expect((await screen.findByTestId('feedback-done')).textContent).toBe('Token copied to the clipboard');
    expect(copied).toEqual(['tok_123']);
    refuse = true;
    fireEvent.click(screen.getByTestId('token-copy'));
    expect((await screen.findByTestId('feedback-error')).textContent).toMatch(/could not be copied/);
  });
});
