import type { Envelope } from '@leadmesh/schema';
import type { CSSProperties, ReactNode } from 'react';

/*
 * The views' frame and shared styles, without antd: the dashboard draws its first screen (KPI tiles)
 * before antd has loaded (decision 0064), so nothing here may import it.
 */

/**
 * The frame of a screen: `data-testid="screen"` with the route path, as the browser tests and the
 * shell's tests find it. The header already carries the title, so the screen has no heading.
 */
export function Screen({
  path,
  children,
  style,
}: {
  path: string;
  children: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <section data-testid="screen" data-screen={path} className="lm-screen" style={style}>
      {children}
    </section>
  );
}

/** Styles the views share; one `<style>` so the kit needs no CSS pipeline. */
export const VIEW_CSS = `
.lm-screen { display: flex; flex-direction: column; gap: 16px; min-width: 0; }
.lm-kpis { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 12px; }
.lm-charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr)); gap: 16px; }
.lm-charts .ant-card-body { padding: 12px 16px; overflow: hidden; }
.lm-charts > .ant-card { min-width: 0; }
.lm-chart-wide { grid-column: 1 / -1; }
.lm-toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; }
.lm-table-scroll { overflow-x: auto; }
@media (max-width: 600px) {
  .lm-actions { max-width: 140px; }
  .lm-kpis { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
}
`;

export function ViewStyles() {
  return <style>{VIEW_CSS}</style>;
}

/** Whether an answer refused the caller for not being verified. */
export function isNotVerified(answer: Envelope<unknown> | null | undefined): boolean {
  return answer?.status === 'error' && answer.data === 'NOT_VERIFIED';
}
