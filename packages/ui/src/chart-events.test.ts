import { describe, expect, it } from 'vitest';
import { onElementClick } from './chart-events.ts';

/** An emitter standing in for the G2 chart inside @ant-design/charts' Plot wrapper. */
type Listener = (event: { data?: { data?: unknown } }) => void;

function plotWithChart() {
  const listeners = new Map<string, Listener[]>();
  const chart = {
    on(name: string, listener: Listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
  };
  const emit = (name: string, event: Parameters<Listener>[0]) => {
    for (const l of listeners.get(name) ?? []) l(event);
  };
  return { plot: { chart }, emit, listeners };
}

describe('onElementClick', () => {
  it('listens on the G2 chart inside the wrapper and picks the clicked element’s datum', () => {
    const picked: unknown[] = [];
    const { plot, emit, listeners } = plotWithChart();
    onElementClick<{ day: string }>((d) => picked.push(d))(plot);
    expect([...listeners.keys()]).toEqual(['element:click']);
    emit('element:click', { data: { data: { day: '2026-11-27' } } });
    // A click on the plot's background carries no datum: nothing is picked.
    emit('element:click', { data: {} });
    expect(picked).toEqual([{ day: '2026-11-27' }]);
  });

  it('does nothing for a wrapper without its chart', () => {
    expect(() => onElementClick(() => undefined)({})).not.toThrow();
  });
});
