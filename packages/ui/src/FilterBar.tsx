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
    const item: FilterItem = {
      name: field.name,
      op,
      value:
        field.options && field.type !== 'boolean'
          ? (raw as FilterItem['value'])
          : field.money
            ? moneyFilterValue(raw)
            : coerceFilterValue(field.type, raw),
    };
    onChange([...value, item]);
    setOpen(false);
    setRaw(field.type === 'boolean' ? 'Yes' : '');
  };

  let input: React.ReactNode = null;
  if (field?.type === 'boolean') {
    input = (
      <Select
        data-testid="filter-value"
        value={String(raw)}
        onChange={setRaw}
        options={[
          { value: 'Yes', label: 'Yes' },
          { value: 'No', label: 'No' },
        ]}
        style={{ width: 100 }}
      />
    );
  } else if (field?.options) {
    input = (
      <Select
        data-testid="filter-value"
        value={raw as string}
        onChange={setRaw}
        showSearch
        optionFilterProp="label"
        listHeight={200}
        options={field.options.map((o) => ({ value: o.value as string, label: o.label }))}
        style={{ minWidth: 140 }}
      />
    );
  } else if (field?.type === 'date') {
    input = <DatePicker data-testid="filter-value" onChange={(d) => setRaw(d)} />;
  } else if (field) {
    input = (
      <Input
        data-testid="filter-value"
        value={String(raw ?? '')}
        onChange={(e) => setRaw(e.target.value)}
        onPressEnter={apply}
        style={{ width: 180 }}
      />
    );
  }

  return (
    <div data-testid="filter-bar" style={{ marginBottom: 12 }}>
      <Space wrap>
        <Button data-testid="filter-add" onClick={() => setOpen((v) => !v)}>
          Add filter
        </Button>
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
            onClick={() => onChange(value.filter((_, i) => i !== index))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ' || e.key === 'Delete' || e.key === 'Backspace') {
                e.preventDefault();
                onChange(value.filter((_, i) => i !== index));
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
          {input}
          <Button type="primary" data-testid="filter-apply" onClick={apply}>
            Apply
          </Button>
        </Space>
      )}
    </div>
  );
}
