/** The chart library's chunk: production files are `charts.<hash>.js` (`splitChunks` in rspack.ts). */
export const CHART_CHUNK = 'charts';

/** Whether a script URL is the chart library's chunk (the page-weight bench counts it apart). */
export function isChartChunk(url: string): boolean {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  return file.startsWith(`${CHART_CHUNK}.`);
}
