import { formatUsd } from '@leadmesh/schema/constants';

/** Colours of amounts (dashboards §2 Payment histories): grey zero, green positive, red negative. */
export const MONEY_COLOURS = { zero: '#8c8c8c', positive: '#389e0d', negative: '#cf1322' } as const;

export function moneyColour(cents: number): string {
  if (cents > 0) return MONEY_COLOURS.positive;
  if (cents < 0) return MONEY_COLOURS.negative;
  return MONEY_COLOURS.zero;
}

/**
 * An amount in $ with 2 decimals from integer cents; `coloured` draws it grey/green/red.
 *
 * @example <Money cents={1250} coloured /> // $12.50 in green
 */
export function Money({ cents, coloured = false }: { cents: number; coloured?: boolean }) {
  return (
    <span data-testid="money" style={coloured ? { color: moneyColour(cents) } : undefined}>
      {formatUsd(cents)}
    </span>
  );
}
