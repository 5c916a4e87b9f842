import type { ListValueType } from '@leadmesh/schema';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { cellText } from './format.ts';
import { LeadStatusTag } from './LeadStatusTag.tsx';
import { Money } from './Money.tsx';

/**
 * A cell's value in its column's format (ProTable's `valueType`): dates and money through the
 * kit's formatters, Yes/No and lead statuses as tags. Nothing (null) shows as an empty cell.
 */
export function formatValue(type: ListValueType, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'money':
      return <Money cents={Number(value)} />;
    case 'yesNo':
      return value ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>;
    case 'leadStatus':
      return <LeadStatusTag status={Number(value)} />;
    default:
      return cellText(type, value);
  }
}
