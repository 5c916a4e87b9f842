/** What `onElementClick` needs of the G2 chart: its event emitter. */
interface G2Events {
  on(name: string, listener: (event: { data?: { data?: unknown } }) => void): unknown;
}

/**
 * An `onReady` for an @ant-design/charts chart that calls `pick` with the datum of a clicked
 * element (a column, a bar, a pie slice). `onReady` is handed the library's `Plot` wrapper, which
 * re-emits G2's events under the DOM type alone (`click`, for the plot, the element and the mark
 * alike), so `element:click` never fires there and a chart click did nothing: the listener goes on
 * the G2 chart inside it (`plot.chart`), where `element:click` is emitted once per click with its
 * datum. Proven in a browser by e2e/chart-click.spec.ts.
 *
 * @example
 * <Column onReady={onElementClick<Bar>((bar) => navigate(linkOf(bar)))} ... />
 */
export function onElementClick<T>(pick: (datum: T) => void) {
  return (plot: { chart?: G2Events }) => {
    plot.chart?.on('element:click', (event) => {
      const datum = event.data?.data;
      if (datum !== undefined && datum !== null) pick(datum as T);
    });
  };
}
