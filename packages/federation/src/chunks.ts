/** The chart library's chunk: production files are `charts.<hash>.js` (`splitChunks` in rspack.ts). */
export const CHART_CHUNK = 'charts';

/** Whether a script URL is the chart library's chunk (the page-weight bench counts it apart). */
export function isChartChunk(url: string): boolean {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  return file.startsWith(`${CHART_CHUNK}.`);
}

/**
 * The shell's chunk groups (webpackChunkName) whose files the shell's server names in a session's
 * dashboard page, listed by its build in `STARTUP_FILES` beside index.html (issue 19).
 */
export const STARTUP_CHUNK_GROUPS = { startup: 'bootstrap', dashboardLayout: 'dashboard-layout' } as const;
export const STARTUP_FILES = 'startup-files.json';
