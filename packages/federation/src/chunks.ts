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

const FIRST_SCREEN_PREFIX = 'first-';

/**
 * The route of a remote's first screen from its chunk's name, or null for any other chunk (decision
 * 0092). A first screen is drawn before antd has loaded (decision 0064); its remote's App imports it
 * lazily into a chunk named `first-<route>` (webpackChunkName), so the remote's other pages never
 * download it. The remote's build lists each such chunk's files by route in `FIRST_SCREEN_FILES`,
 * and the shell's server preloads them with a session's page on that route: the chunk the App asks
 * for is then already on its way.
 */
export function firstScreenRoute(chunk: string): string | null {
  return chunk.startsWith(FIRST_SCREEN_PREFIX) ? chunk.slice(FIRST_SCREEN_PREFIX.length) : null;
}

/** Beside a remote's mf-manifest.json: route path → the JavaScript files of its first screen's chunk. */
export const FIRST_SCREEN_FILES = 'first-screens.json';
