import { useEffect, useState } from 'react';
import { BRAND } from './brand.ts';

/** How long a screen may take to load before the spinner shows: a fast load shows no flash. */
export const SCREEN_SPINNER_DELAY_MS = 400;

/*
 * Plain markup and CSS, no antd: these show while a screen's chunk (and antd with it) is still
 * loading (decision 0064). The ring reads on the light and the dark theme alike.
 */
const SPINNER_CSS = `
.lm-spinner { display: inline-block; box-sizing: border-box; width: 24px; height: 24px; border-radius: 50%;
  border: 3px solid rgba(128, 128, 128, 0.25); border-top-color: ${BRAND.primaryOnDark}; animation: lm-spin 0.8s linear infinite; }
@keyframes lm-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .lm-spinner { animation-duration: 2.4s; } }
`;

/** A small spinner (a part of a screen loading). */
export function Spinner({ testId }: { testId?: string }) {
  return (
    <>
      <style>{SPINNER_CSS}</style>
      <span className="lm-spinner" role="status" aria-label="Loading" data-testid={testId} />
    </>
  );
}

/**
 * Shown while a screen's chunk loads: a quiet block of the screen's height, and a spinner once the
 * load has taken longer than {@link SCREEN_SPINNER_DELAY_MS} (a slow connection sees that
 * something is coming rather than an empty page).
 */
export function ScreenLoading() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SCREEN_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      data-testid="screen-loading"
      style={{ minHeight: '40vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      {slow && <Spinner />}
    </div>
  );
}
