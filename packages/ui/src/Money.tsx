import { formatUsd } from '@leadmesh/schema/constants';
import { Input, theme } from 'antd';
import { isDarkTheme } from './theme.tsx';

/**
 * Colours of amounts (dashboards §2 Payment histories): grey zero, green positive, red negative,
 * one set per theme so each reads at 4.5:1 on its background (no single green does on both white
 * and near-black).
 */
export const MONEY_COLOURS = { zero: '#595959', positive: '#237804', negative: '#a8071a' } as const;
export const MONEY_COLOURS_DARK = { zero: '#8c8c8c', positive: '#49aa19', negative: '#e86e6b' } as const;

export function moneyColour(cents: number, dark = false): string {
  const colours = dark ? MONEY_COLOURS_DARK : MONEY_COLOURS;
  if (cents > 0) return colours.positive;
  if (cents < 0) return colours.negative;
  return colours.zero;
}

/**
 * An amount in $ with 2 decimals from integer cents; `coloured` draws it grey/green/red in the
 * surrounding antd theme's shade.
 *
 * @example <Money cents={1250} coloured /> // $12.50 in green
 */
export function Money({ cents, coloured = false }: { cents: number; coloured?: boolean }) {
  const { token } = theme.useToken();
  const dark = isDarkTheme(token);
  return (
    // An amount never breaks inside itself ("$33,000.0" / "0" on a narrow column).
    <span
      data-testid="money"
      style={{ whiteSpace: 'nowrap', ...(coloured ? { color: moneyColour(cents, dark) } : {}) }}
    >
      {formatUsd(cents)}
    </span>
  );
}

/**
 * A $ amount typed as text, for a form that turns it into cents itself (`dollarsToCents`): `$`
 * before it and the decimal keyboard on a phone.
 *
 * @example <MoneyInput testId="invoice-amount" value={amount} onChange={setAmount} />
 */
export function MoneyInput({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  return (
    <Input
      data-testid={testId}
      inputMode="decimal"
      prefix="$"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
