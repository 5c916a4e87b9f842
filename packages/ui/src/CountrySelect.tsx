import { COUNTRY_CODES, flagEmoji } from '@leadmesh/schema/constants';
import { Select } from 'antd';

let cached: { value: string; label: string; name: string }[] | null = null;

/**
 * The ISO 3166-1 countries the API accepts (`COUNTRY_CODES`), named by Intl and sorted by English
 * name: `{ value: 'RS', label: '🇷🇸 Serbia' }`. Intl also names withdrawn codes (CS, YU, SU...),
 * which the API refuses, so the list never comes from Intl alone.
 */
export function countryOptions() {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  cached = COUNTRY_CODES.map((code) => {
    const name = names.of(code) ?? code;
    return { value: code, name, label: `${flagEmoji(code)} ${name}` };
  }).sort((x, y) => x.name.localeCompare(y.name));
  return cached;
}

export { flagEmoji };

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
