import { Spin } from 'antd';

/** How long a screen may take to load before the spinner shows: a fast load shows no flash. */
export const SCREEN_SPINNER_DELAY_MS = 400;

/**
 * Shown while a screen's chunk loads: a quiet block of the screen's height, and a spinner once the
 * load has taken longer than {@link SCREEN_SPINNER_DELAY_MS} (a slow connection sees that
 * something is coming rather than an empty page).
 */
export function ScreenLoading() {
  return (
    <div
      data-testid="screen-loading"
      style={{ minHeight: '40vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Spin delay={SCREEN_SPINNER_DELAY_MS} />
    </div>
  );
}
