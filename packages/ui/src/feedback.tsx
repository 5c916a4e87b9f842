import type { Envelope } from '@leadmesh/schema';
import { App, message as staticMessage } from 'antd';
import { useMemo } from 'react';

const sentence = (text: string) => {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

/**
 * What a refused call tells its user (issue 16: nothing fails silently): the server's message, or
 * the screen's catalogue message when it carries none, followed by the reasons the server gave per
 * field (`details.issues`, e.g. "The host x could not be resolved.") that the message does not
 * already say. A call that never reached the server (`SERVER_ERROR`) shows the fallback alone.
 * An ok answer gives ''.
 *
 * @example
 * refusalText(answer, MESSAGES.errorAddingPostback)
 * // "There was an error while adding postback, check your info and try again. The host x.invalid could not be resolved."
 */
export function refusalText(answer: Envelope<unknown>, fallback: string): string {
  if (answer.status === 'ok') return '';
  if (answer.data === 'SERVER_ERROR') return fallback;
  const head = answer.details?.message?.trim() || fallback;
  const reasons = [...new Set((answer.details?.issues ?? []).map((i) => i.message.trim()))].filter(
    (m) => m !== '' && !head.includes(m.replace(/[.!?]$/, '')),
  );
  return reasons.length === 0 ? head : [head, ...reasons].map(sentence).join(' ');
}

/** Copies text to the clipboard; false when the browser refused (no permission, no secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The toasts of a screen: what a save did, what a refusal said, what a copy copied. */
export interface Feedback {
  /** A save or an action succeeded: says what it did ("Offer “Slim” saved"). */
  done(text: string): void;
  /** A call was refused: shows `refusalText(answer, fallback)`. Answers whether it was ok. */
  answer(answer: Envelope<unknown>, doneText: string | null, fallback: string): boolean;
  /** Copies text and says so ("Link copied"), or says to copy it by hand. */
  copy(text: string, what?: string): Promise<boolean>;
}

/**
 * The one way a screen confirms what it did and shows a refusal outside a dialog (issue 16 item 3):
 * antd's message toasts from the `App` context that `AppTheme` provides. Each toast carries
 * `data-testid="feedback-done"` or `"feedback-error"` for the browser tests.
 *
 * @example
 * const feedback = useFeedback();
 * const a = await api.call('/leads/resendLead', { ID });
 * feedback.answer(a, `Lead #${ID} queued to be sent again`, MESSAGES.connectionError);
 */
export function useFeedback(): Feedback {
  const context = App.useApp().message;
  // Outside an `App` (a kit test rendering a dialog alone) antd's static toasts stand in.
  const message = typeof context?.success === 'function' ? context : staticMessage;
  return useMemo(() => {
    const done = (text: string) =>
      void message.success({ content: <span data-testid="feedback-done">{text}</span> });
    const failed = (text: string) =>
      void message.error({ content: <span data-testid="feedback-error">{text}</span>, duration: 6 });
    return {
      done,
      answer(answer, doneText, fallback) {
        if (answer.status === 'ok') {
          if (doneText) done(doneText);
          return true;
        }
        failed(refusalText(answer, fallback));
        return false;
      },
      async copy(text, what = 'Link') {
        const ok = await copyText(text);
        if (ok) done(`${what} copied to the clipboard`);
        else failed(`${what} could not be copied here: select it and copy it by hand.`);
        return ok;
      },
    };
  }, [message]);
}
