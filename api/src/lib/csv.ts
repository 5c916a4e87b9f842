/**
 * One CSV line per row, RFC 4180 quoting. A cell a spreadsheet would read as a formula (starting
 * with = + - @, tab or carriage return) gets a leading apostrophe: user text in a payout file must
 * never run in the admin's spreadsheet (CSV injection).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown): string => {
    if (value === null || value === undefined) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Cents as dollars with two decimals, for files people read. */
export const dollars = (cents: number) => (cents / 100).toFixed(2);
