import { countryOptions } from '@leadmesh/ui';

/** Country codes for a filter's fixed choices (flag and name as the label). */
export function countryFilterOptions(): { value: string; label: string }[] {
  return countryOptions().map(({ value, label }) => ({ value: String(value), label: String(label) }));
}
