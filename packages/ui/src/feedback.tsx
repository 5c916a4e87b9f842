import type { Envelope } from '@leadmesh/schema';
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ShowToast, Toast } from './toast-host.tsx';

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

const ToastContext = createContext<ShowToast | null>(null);

type ToastHostType = ComponentType<{ onReady: (show: ShowToast) => void }>;

/**
 * Where a screen's toasts appear (inside `AppTheme`, so they take the theme). antd's toast machinery
 * (`message.useMessage`, rc-notification) is fetched with the first toast, not with the screen:
 * about 20 KB gzip no first load needs (issue 19). Toasts asked for meanwhile wait and then show
 * in order; a failed fetch is tried again with the next toast.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [Host, setHost] = useState<ToastHostType | null>(null);
  const ready = useRef<ShowToast | null>(null);
  const waiting = useRef<Toast[]>([]);
  const loading = useRef(false);
  const show = useCallback<ShowToast>((toast) => {
    if (ready.current) return ready.current(toast);
    waiting.current.push(toast);
    if (loading.current) return;
    loading.current = true;
    import('./toast-host.tsx').then(
      (module) => setHost(() => module.ToastHost),
      () => {
        loading.current = false;
      },
    );
  }, []);
  const onReady = useCallback((showNow: ShowToast) => {
    ready.current = showNow;
    for (const toast of waiting.current.splice(0)) showNow(toast);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {Host && <Host onReady={onReady} />}
    </ToastContext.Provider>
  );
}

/** Outside a `FeedbackProvider` (a kit test rendering a dialog alone): antd's static toasts. */
const showStatically: ShowToast = (toast) =>
  void import('./toast-host.tsx').then((module) => module.showStatically(toast));

/**
 * The one way a screen confirms what it did and shows a refusal outside a dialog (issue 16 item 3):
 * antd's message toasts, through the `FeedbackProvider` that `AppTheme` gives. Each toast carries
 * `data-testid="feedback-done"` or `"feedback-error"` for the browser tests.
 *
 * @example
 * const feedback = useFeedback();
 * const a = await api.call('/leads/resendLead', { ID });
 * feedback.answer(a, `Lead #${ID} queued to be sent again`, MESSAGES.connectionError);
 */
export function useFeedback(): Feedback {
  const show = useContext(ToastContext) ?? showStatically;
  return useMemo(() => {
    const done = (text: string) => show({ kind: 'done', text });
    const failed = (text: string) => show({ kind: 'error', text });
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
  }, [show]);
}
