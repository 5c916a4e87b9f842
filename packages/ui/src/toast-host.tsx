import { message } from 'antd';
import { useEffect } from 'react';

/** One toast: what a save did, or what a refusal said. */
export interface Toast {
  kind: 'done' | 'error';
  text: string;
}

export type ShowToast = (toast: Toast) => void;

type Toasts = Pick<ReturnType<typeof message.useMessage>[0], 'success' | 'error'>;

function showWith(api: Toasts, { kind, text }: Toast) {
  // Each toast carries a test id for the browser tests; refusals stay longer to be read.
  if (kind === 'done') void api.success({ content: <span data-testid="feedback-done">{text}</span> });
  else void api.error({ content: <span data-testid="feedback-error">{text}</span>, duration: 6 });
}

/**
 * antd's toast machinery (rc-notification, motion), in a chunk of its own that `FeedbackProvider`
 * loads when the first toast is shown: a screen's first load never carries it (issue 19). Rendered
 * inside the provider's ConfigProvider, so the toasts take the product's theme.
 */
export function ToastHost({ onReady }: { onReady: (show: ShowToast) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady((toast) => showWith(api, toast)), [api, onReady]);
  return holder;
}

/** Outside a `FeedbackProvider` (a kit test rendering a dialog alone): antd's static toasts. */
export const showStatically: ShowToast = (toast) => showWith(message, toast);
