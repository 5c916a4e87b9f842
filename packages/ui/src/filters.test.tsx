import type { FilterFieldSpec, FilterItem } from '@leadmesh/schema';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar } from './FilterBar.tsx';
import { coerceFilterValue, filterLabel, operatorOptions } from './filters.ts';

const fields: FilterFieldSpec[] = [
  { name: 'ProductName', friendlyName: 'Product name', type: 'string' },
  { name: 'Payout', friendlyName: 'Payout', type: 'number' },
  { name: 'createdAt', friendlyName: 'Date', type: 'date' },
  { name: 'isPromoted', friendlyName: 'Promoted', type: 'boolean' },
];

describe('filter operators by value type', () => {
  it('offers the spec operators per type', () => {
    expect(operatorOptions('string').map((o) => o.label)).toEqual(
      expect.arrayContaining(['equals', 'not equals', 'contains', 'starts with', 'ends with']),
    );
    expect(operatorOptions('number').map((o) => o.value)).toEqual(
      expect.arrayContaining(['eq', 'neq', 'gt', 'geq', 'lt', 'leq']),
    );
    expect(operatorOptions('date').map((o) => o.value)).toEqual([
      'deq',
      'dneq',
      'dgt',
      'dgeq',
      'dlt',
      'dleq',
    ]);
    expect(operatorOptions('boolean').map((o) => o.value)).toEqual(['eq', 'neq']);
  });
});

describe('filter values', () => {
  it('turns a non-numeric number input into 0', () => {
    expect(coerceFilterValue('number', 'abc')).toBe(0);
    expect(coerceFilterValue('number', '')).toBe(0);
    expect(coerceFilterValue('number', '12.5')).toBe(12.5);
  });

  it('turns a date into an ISO string', () => {
    expect(coerceFilterValue('date', new Date('2024-02-03T04:05:06Z'))).toBe('2024-02-03T04:05:06.000Z');
    expect(coerceFilterValue('date', { toDate: () => new Date('2024-02-03T00:00:00Z') })).toBe(
      '2024-02-03T00:00:00.000Z',
    );
  });

  it('reads Yes/true as true and No/false as false', () => {
    expect(coerceFilterValue('boolean', 'Yes')).toBe(true);
    expect(coerceFilterValue('boolean', 'true')).toBe(true);
    expect(coerceFilterValue('boolean', 'No')).toBe(false);
    expect(coerceFilterValue('boolean', 'false')).toBe(false);
    expect(filterLabel(fields, { name: 'isPromoted', op: 'eq', value: true })).toBe('Promoted equals Yes');
    expect(
      filterLabel([{ name: 'createdAt', friendlyName: 'Date', type: 'date' }], {
        name: 'createdAt',
        op: 'deq',
        value: '2026-11-27',
      }),
    ).toMatch(/^Date .* 27-11-2026$/);
  });
});

function Harness({ onChange }: { onChange(filters: FilterItem[]): void }) {
  const [value, setValue] = useState<FilterItem[]>([]);
  return (
    <FilterBar
      fields={fields}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('FilterBar', () => {
  it('adds a filter with Add filter and removes it by clicking it', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByText('Add filter'));
    const input = screen.getByTestId('filter-value') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Slim' } });
    fireEvent.click(screen.getByTestId('filter-apply'));
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'ProductName', op: 'eq', value: 'Slim' }]);
    const chip = screen.getByTestId('filter-chip');
    expect(chip.textContent).toContain('Product name equals Slim');
    fireEvent.click(chip);
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByTestId('filter-chip')).toBeNull();
  });
});

describe('FilterBar value types', () => {
  it('sends 0 for a non-numeric number filter and shows number operators', () => {
    const onChange = vi.fn();
    render(<FilterBar fields={[fields[1]]} value={[]} onChange={onChange} />);
    fireEvent.click(screen.getByText('Add filter'));
    expect(screen.getByTestId('filter-panel').textContent).toContain('equals');
    fireEvent.change(screen.getByTestId('filter-value'), { target: { value: 'twelve' } });
    fireEvent.click(screen.getByTestId('filter-apply'));
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'Payout', op: 'eq', value: 0 }]);
  });

  it('sends true for the default Yes of a boolean filter', () => {
    const onChange = vi.fn();
    render(<FilterBar fields={[fields[3]]} value={[]} onChange={onChange} />);
    fireEvent.click(screen.getByText('Add filter'));
    fireEvent.click(screen.getByTestId('filter-apply'));
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'isPromoted', op: 'eq', value: true }]);
  });
});
