import { Select } from 'antd';

/** Region codes Intl knows that are not countries (continents, unions, placeholders). */
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'ZZ',
  'XA',
  'XB',
  'AC',
  'CP',
  'DG',
  'EA',
  'IC',
  'TA',
  'CQ',
]);

/** The flag emoji of an ISO 3166-1 alpha-2 code (regional indicator symbols). */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

let cached: { value: string; label: string; name: string }[] | null = null;

/** Every country Intl names, sorted by English name: `{ value: 'RS', label: '🇷🇸 Serbia' }`. */
export function countryOptions() {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const options: { value: string; label: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (!name || name === code) continue;
      options.push({ value: code, name, label: `${flagEmoji(code)} ${name}` });
    }
  }
  cached = options.sort((x, y) => x.name.localeCompare(y.name));
  return cached;
}

/** Country picker with flags; the value is the ISO alpha-2 code. `id` comes from a Form.Item label. */
export function CountrySelect({
  value,
  onChange,
  placeholder = 'Country',
  style,
  id,
  status,
  'aria-label': ariaLabel,
  'data-testid': testId = 'country-select',
}: {
  value?: string | null;
  onChange?(code: string): void;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  status?: 'error' | 'warning' | '';
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Select<string>
      id={id}
      status={status}
      aria-label={ariaLabel}
      data-testid={testId}
      showSearch
      listHeight={200}
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={(code) => onChange?.(code)}
      options={countryOptions().map(({ value: code, label }) => ({ value: code, label }))}
      optionFilterProp="label"
      style={style}
    />
  );
}
