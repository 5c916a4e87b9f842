import type { FilterItem } from '@leadmesh/schema';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { DATE_PRESET_LABELS, type DatePreset, type DateRange, presetRange } from './date-presets.ts';

/** A preset picker with a custom range (public §4 Date presets); `presets` limits the choice. */
export function DateRangePicker({
  preset,
  custom,
  onChange,
  presets,
  testId = 'date-preset',
}: {
  preset: DatePreset;
  custom: [Date, Date] | null;
  onChange(preset: DatePreset, custom: [Date, Date] | null): void;
  presets: readonly DatePreset[];
  testId?: string;
}) {
  return (
    <Space wrap>
      <Select
        data-testid={testId}
        aria-label="Date range"
        value={preset}
        onChange={(p) => onChange(p, p === 'custom' ? (custom ?? [new Date(), new Date()]) : null)}
        options={presets.map((p) => ({ value: p, label: DATE_PRESET_LABELS[p] }))}
        style={{ width: 150 }}
      />
      {preset === 'custom' && (
        <DatePicker.RangePicker
          data-testid={`${testId}-custom`}
          // Keep the order the user picked: the report swaps a start after the end itself.
          order={false}
          value={custom ? [dayjs(custom[0]), dayjs(custom[1])] : null}
          onChange={(v) => {
            const pair = v as [Dayjs | null, Dayjs | null] | null;
            if (pair?.[0] && pair[1]) onChange('custom', [pair[0].toDate(), pair[1].toDate()]);
          }}
        />
      )}
    </Space>
  );
}

/** The createdAt filters of a range (none for All). */
export function rangeFilters(range: DateRange, field = 'createdAt'): FilterItem[] {
  const out: FilterItem[] = [];
  if (range.start) out.push({ name: field, op: 'dgeq', value: range.start.toISOString() });
  if (range.end) out.push({ name: field, op: 'dleq', value: range.end.toISOString() });
  return out;
}

/** What a DateRangePicker shows: a preset, and the two picked dates of `custom`. */
export interface DateRangeValue {
  preset: DatePreset;
  custom: [Date, Date] | null;
}

/**
 * A report's date range in one place: the picker's value (spread `picker` into DateRangePicker),
 * the range it stands for now (`range`, kept until the value changes) and `rangeNow()` for a call
 * that must take the clock at the moment it runs (a refresh after midnight moves Today).
 *
 * @example
 * const dates = useDateRange(['7d', '30d', 'custom'], { preset: '7d', custom: null });
 * <DateRangePicker {...dates.picker} />
 * api.call(path, { Filters: rangeFilters(dates.range) });
 */
export function useDateRange(presets: readonly DatePreset[], initial: DateRangeValue) {
  const [value, setValue] = useState<DateRangeValue>(initial);
  const rangeNow = useCallback((): DateRange => presetRange(value.preset, new Date(), value.custom), [value]);
  const range = useMemo(() => rangeNow(), [rangeNow]);
  const onChange = useCallback(
    (preset: DatePreset, custom: [Date, Date] | null) => setValue({ preset, custom }),
    [],
  );
  return {
    range,
    rangeNow,
    picker: { preset: value.preset, custom: value.custom, presets, onChange },
  };
}
