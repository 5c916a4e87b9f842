import { defineList } from '@leadmesh/schema';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FirstRows } from './first-rows.tsx';
import { ListTable } from './ListTable.tsx';
import type { ListColumn } from './list-columns.ts';
import type { InfiniteListState } from './use-infinite-list.ts';
import type { ListController } from './use-list.ts';

interface Row {
  ID: number;
  Name: string;
  Status: number;
  Amount: number;
  Paid: boolean;
  createdAt: string;
}

const LIST = defineList({
  fields: {
    ID: { label: 'ID', type: 'number' },
    Name: { label: 'Product', type: 'string' },
    Status: { label: 'Status', type: 'number', valueType: 'leadStatus' },
    Amount: { label: 'Price', type: 'number', valueType: 'money' },
    Paid: { label: 'Paid', type: 'boolean' },
    createdAt: { label: 'Date', type: 'date', valueType: 'dateTime' },
  },
  search: ['Name'],
});

const ROWS: Row[] = [
  {
    ID: 1200,
    Name: 'Solar panels',
    Status: 3,
    Amount: 125050,
    Paid: true,
    createdAt: '2026-11-02T10:15:00Z',
  },
  { ID: 7, Name: 'Home insurance', Status: 0, Amount: 0, Paid: false, createdAt: '2026-11-27T21:00:00Z' },
];

const COLUMNS: ListColumn<Row>[] = [
  { field: 'Name' },
  { field: 'Status', phone: true },
  { field: 'createdAt' },
  { field: 'ID' },
  { field: 'Amount' },
  { field: 'Paid' },
  { title: 'Link', key: 'link', render: (_, row) => <a href={`#${row.ID}`}>#{row.ID}</a> },
];

const LIST_STATE: InfiniteListState<Row> = {
  rows: ROWS,
  offset: -1,
  loading: false,
  error: false,
  errorCode: null,
  ended: true,
} as InfiniteListState<Row>;

const CONTROLLER = {
  filters: [],
  setFilters: () => undefined,
  search: '',
  setSearch: () => undefined,
  query: [],
  list: LIST_STATE,
} as unknown as ListController<Row>;

/** The texts of a table's header and rows, cell by cell (a sticky header's copy counted once). */
const texts = (table: Element) => {
  const rows = [...table.querySelectorAll('tr')]
    .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''))
    .filter((cells) => cells.some(Boolean));
  return [...new Set(rows.map((r) => JSON.stringify(r)))].map((r) => JSON.parse(r) as string[]);
};

describe('FirstRows: a list’s first page before antd', () => {
  it('draws the same header and cell texts as ListTable, without an antd class', () => {
    const plain = render(
      <FirstRows dark={false} list={LIST_STATE} columns={COLUMNS} rowKey="ID" declaration={LIST} />,
    );
    const plainTable = plain.getByTestId('first-rows').querySelector('table') as HTMLTableElement;
    expect(plain.container.querySelector('[class*="ant-"]')).toBeNull();
    const antd = render(<ListTable<Row> controller={CONTROLLER} columns={COLUMNS} rowKey="ID" list={LIST} />);
    const antdTable = antd.container.querySelector('.ant-table') as HTMLElement;
    expect(texts(plainTable)).toEqual(texts(antdTable));
    expect(texts(plainTable)[1]).toEqual([
      'Solar panels',
      'Lead rejected',
      expect.stringMatching(/^02-11-2026 \d\d:15$/),
      '1200',
      '$1,250.50',
      'Yes',
      '#1200',
    ]);
  });

  it('draws the status tag in the status’s colour, the row actions and the toolbar as antd will', () => {
    const view = render(
      <FirstRows
        dark
        list={LIST_STATE}
        columns={COLUMNS}
        rowKey="ID"
        declaration={LIST}
        toolbar={['Export filtered', 'Resend leads']}
        selectable
        rowActions={(row) => [
          { key: 'info', label: 'More info', onClick: () => undefined },
          { key: 'resend', label: 'Resend', show: row.ID === 7, onClick: () => undefined },
        ]}
      />,
    );
    const root = view.getByTestId('first-rows');
    expect(root.closest('[data-lm-theme]')?.getAttribute('data-lm-theme')).toBe('dark');
    expect(
      [...root.querySelectorAll('[data-testid="lead-status"]')].map((t) => t.getAttribute('data-colour')),
    ).toEqual(['red', 'grey']);
    const rows = root.querySelectorAll('tbody tr');
    expect(rows[0].querySelector('.lm-rows-actions')?.textContent).toBe('More info');
    expect(rows[1].querySelector('.lm-rows-actions')?.textContent).toBe('More infoMore ▾');
    expect([...root.querySelectorAll('.lm-rows-buttons button')].map((b) => b.textContent)).toEqual([
      'Export filtered',
      'Resend leads',
    ]);
    expect(view.getByText('No filters applied: showing everything')).toBeTruthy();
  });
});
