import type { FilterFieldSpec, FilterItem, FilterOperator } from '@leadmesh/schema';
import { Button, DatePicker, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { coerceFilterValue, filterLabel, moneyFilterValue, operatorOptions } from './filters.ts';

export interface FilterBarProps {
  fields: readonly FilterFieldSpec[];
  value: FilterItem[];
  onChange(filters: FilterItem[]): void;
  /** Only these operators are offered (a call that answers fewer than its value type allows). */
  operators?: readonly FilterOperator[];
}

/**
 * The filter bar of every list (dashboards §4-5): Add filter opens a field / operator / value row;
 * Apply adds the filter; clicking a filter removes it. The list reloads on every change.
 */
export function FilterBar({ fields, value, onChange, operators }: FilterBarProps) {
  const opsOf = (type: FilterFieldSpec['type']) =>
    operatorOptions(type).filter((o) => !operators || operators.includes(o.value));
  const [open, setOpen] = useState(false);
  const [fieldName, setFieldName] = useState(fields[0]?.name);
  const field = fields.find((f) => f.name === fieldName) ?? fields[0];
  const [op, setOp] = useState<FilterOperator | undefined>(field ? opsOf(field.type)[0]?.value : undefined);
  const [raw, setRaw] = useState<unknown>(field?.type === 'boolean' ? 'Yes' : '');

  const pickField = (name: string) => {
    const next = fields.find((f) => f.name === name);
    setFieldName(name);
    setOp(next ? opsOf(next.type)[0]?.value : undefined);
    setRaw(next?.type === 'boolean' ? 'Yes' : next?.options ? next.options[0]?.value : '');
  };

  const apply = () => {
    if (!field || !op) return;
    onChange([...value, filterItemOf(field, op, raw)]);
    setOpen(false);
    setRaw(field.type === 'boolean' ? 'Yes' : '');
  };

  return (
    <div data-testid="filter-bar" style={{ marginBottom: 12 }}>
      <Space wrap>
        <Button data-testid="filter-add" onClick={() => setOpen((v) => !v)}>
          Add filter
        </Button>
        <AppliedFilters fields={fields} value={value} onChange={onChange} />
      </Space>
      {open && field && (
        <Space data-testid="filter-panel" wrap style={{ display: 'flex', marginTop: 8 }}>
          <Select
            data-testid="filter-field"
            value={field.name}
            onChange={pickField}
            options={fields.map((f) => ({ value: f.name, label: f.friendlyName }))}
            style={{ minWidth: 160 }}
          />
          <Select
            data-testid="filter-op"
            value={op}
            onChange={setOp}
            options={opsOf(field.type)}
            style={{ minWidth: 150 }}
          />
          <FilterValueInput field={field} raw={raw} onRaw={setRaw} onEnter={apply} />
          <Button type="primary" data-testid="filter-apply" onClick={apply}>
            Apply
          </Button>
        </Space>
      )}
    </div>
  );
}

/** The filter the API gets from the panel's field, operator and what the user typed or picked. */
function filterItemOf(field: FilterFieldSpec, op: FilterOperator, raw: unknown): FilterItem {
  const value =
    field.options && field.type !== 'boolean'
      ? (raw as FilterItem['value'])
      : field.money
        ? moneyFilterValue(raw)
        : coerceFilterValue(field.type, raw);
  return { name: field.name, op, value };
}

/** The value input of the filter panel, the kind its field's type asks for. */
function FilterValueInput({
  field,
  raw,
  onRaw,
  onEnter,
}: {
  field: FilterFieldSpec;
  raw: unknown;
  onRaw(raw: unknown): void;
  onEnter(): void;
}) {
  if (field.type === 'boolean')
    return (
      <Select
        data-testid="filter-value"
        value={String(raw)}
        onChange={onRaw}
        options={[
          { value: 'Yes', label: 'Yes' },
          { value: 'No', label: 'No' },
        ]}
        style={{ width: 100 }}
      />
    );
  if (field.options)
    return (
      <Select
        data-testid="filter-value"
        value={raw as string}
        onChange={onRaw}
        showSearch
        optionFilterProp="label"
        listHeight={200}
        options={field.options.map((o) => ({ value: o.value as string, label: o.label }))}
        style={{ minWidth: 140 }}
      />
    );
  if (field.type === 'date') return <DatePicker data-testid="filter-value" onChange={(d) => onRaw(d)} />;
  return (
    <Input
      data-testid="filter-value"
      value={String(raw ?? '')}
      onChange={(e) => onRaw(e.target.value)}
      onPressEnter={onEnter}
      style={{ width: 180 }}
    />
  );
}

/** The applied filters as chips (a click or Delete removes one) and the Clear link, or a note that there are none. */
function AppliedFilters({ fields, value, onChange }: Omit<FilterBarProps, 'operators'>) {
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  return (
    <>
      {value.map((item, index) => (
        <Tag
          // biome-ignore lint/suspicious/noArrayIndexKey: the same filter may be added twice; a chip is its position
          key={`${item.name}-${item.op}-${String(item.value)}-${index}`}
          data-testid="filter-chip"
          title="Click to remove"
          role="button"
          tabIndex={0}
          color="processing"
          style={{ cursor: 'pointer' }}
          onClick={() => remove(index)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ' || e.key === 'Delete' || e.key === 'Backspace') {
              e.preventDefault();
              remove(index);
            }
          }}
        >
          {filterLabel(fields, item)} ✕
        </Tag>
      ))}
      {value.length === 0 ? (
        <Typography.Text type="secondary" data-testid="filter-summary">
          No filters applied: showing everything
        </Typography.Text>
      ) : (
        <Button size="small" type="link" data-testid="filter-clear" onClick={() => onChange([])}>
          Clear {value.length === 1 ? 'filter' : `all ${value.length} filters`}
        </Button>
      )}
    </>
  );
}
