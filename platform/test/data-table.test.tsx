import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider } from '../src/theme';
import { DataTable, type DataColumn } from '../src/ui';

interface Entry {
  id: number;
  name: string;
  amount: string;
  note: string;
}

const ENTRIES: Entry[] = [
  { id: 1, name: 'Ada', amount: '£2,500.00', note: 'Deposit' },
  { id: 2, name: 'Grace', amount: '£12.00', note: '' },
];

const COLUMNS: DataColumn<Entry>[] = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    cell: (e) => e.name,
    cellId: (e) => `entry-${e.id}-name`,
    sortField: 'name',
  },
  { key: 'amount', header: 'Amount', numeric: true, cell: (e) => e.amount, sortField: 'amount' },
  { key: 'note', header: 'Note', wrap: { maxCh: 24 }, cell: (e) => e.note },
  {
    key: 'actions',
    header: 'Actions',
    hideHeader: true,
    cell: (e) => <button aria-describedby={`entry-${e.id}-name`}>Edit</button>,
  },
];

function Entries({ sortable = false, current }: { sortable?: boolean; current?: number }) {
  const [ordering, setOrdering] = useState('name');
  return (
    <ThemeModeProvider>
      <DataTable
        caption="Ledger entries"
        columns={COLUMNS}
        rows={ENTRIES}
        rowKey={(e) => e.id}
        isCurrent={current === undefined ? undefined : (e) => e.id === current}
        sort={sortable ? { ordering, onSort: setOrdering } : undefined}
      />
      <output>{ordering}</output>
    </ThemeModeProvider>
  );
}

describe('DataTable', () => {
  it('names the table by its caption, with one column header per column and a row per record', () => {
    render(<Entries />);
    const table = screen.getByRole('table', { name: 'Ledger entries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Amount', 'Note', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader', { name: 'Ada' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: '£12.00' })).toBeInTheDocument();
  });

  it('a button in the row is described by the row header', () => {
    render(<Entries />);
    const row = screen.getAllByRole('row')[2]!;
    expect(within(row).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription('Grace');
  });

  it('right-aligns a numeric column, its header and its cells alike', () => {
    render(<Entries />);
    const header = screen.getByRole('columnheader', { name: 'Amount' });
    const cell = screen.getByRole('cell', { name: '£2,500.00' });
    expect(getComputedStyle(header).textAlign).toBe('right');
    expect(getComputedStyle(cell).textAlign).toBe('right');
    expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(screen.getByRole('cell', { name: 'Deposit' })).textAlign).not.toBe('right');
  });

  it('keeps free text within its width and lets it break anywhere', () => {
    render(<Entries />);
    const note = screen.getByRole('cell', { name: 'Deposit' });
    expect(note.style.maxWidth).toBe('24ch');
    expect(getComputedStyle(note).overflowWrap).toBe('anywhere');
  });

  it('gives every cell its column’s name for the card a narrow box draws the row as; none over the buttons', () => {
    render(<Entries />);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader', { name: 'Ada' })).toHaveAttribute('data-label', 'Name');
    expect(within(row).getByRole('cell', { name: '£2,500.00' })).toHaveAttribute('data-label', 'Amount');
    expect(within(row).getByRole('cell', { name: 'Deposit' })).toHaveAttribute('data-label', 'Note');
    expect(within(row).getByRole('button', { name: 'Edit' }).closest('td')).not.toHaveAttribute('data-label');
  });

  it('marks the current row', () => {
    render(<Entries current={2} />);
    const [, first, second] = screen.getAllByRole('row');
    expect(first).not.toHaveAttribute('aria-current');
    expect(second).toHaveAttribute('aria-current', 'true');
  });

  it('without a sort, headers are plain text; with one, the sortable columns sort and say so', async () => {
    const { unmount } = render(<Entries />);
    expect(screen.queryByRole('button', { name: /Name/ })).not.toBeInTheDocument();
    unmount();

    render(<Entries sortable />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    expect(screen.getByRole('status')).toHaveTextContent('amount');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Name/ })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: /Note/ })).not.toBeInTheDocument();
  });

  it('fills a foot row (a total) from the same columns, aligned with them, after the records', () => {
    render(
      <ThemeModeProvider>
        <DataTable
          caption="Ledger entries"
          columns={COLUMNS.slice(0, 2)}
          rows={ENTRIES}
          rowKey={(e) => e.id}
          footRow={{ id: 0, name: 'Total', amount: '£2,512.00', note: '' }}
        />
      </ThemeModeProvider>,
    );
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(4);
    const total = rows[3]!;
    expect(total.closest('tfoot')).not.toBeNull();
    expect(within(total).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(getComputedStyle(within(total).getByRole('cell', { name: '£2,512.00' })).textAlign).toBe('right');
  });

  it('compact (a stock list) and dense (a dashboard card) tables have smaller type than a regular one, dense the tighter cells', () => {
    const cellOf = (props: { compact?: boolean; dense?: boolean }) => {
      const view = render(
        <ThemeModeProvider>
          <DataTable caption="Figures" columns={COLUMNS} rows={ENTRIES} rowKey={(e) => e.id} {...props} />
        </ThemeModeProvider>,
      );
      const table = screen.getByRole('table', { name: 'Figures' });
      const style = {
        font: getComputedStyle(table).fontSize,
        padding: getComputedStyle(screen.getAllByRole('cell')[0]!).padding,
      };
      view.unmount();
      return style;
    };
    const regular = cellOf({});
    const compact = cellOf({ compact: true });
    const dense = cellOf({ dense: true });
    // Issue 21 item 1: a stock list's rows fit 56 px at 1280 × 800 in the dashboard cards' smaller type.
    expect(dense.font).toBe('0.9rem');
    expect(compact.font).toBe('0.9rem');
    expect(regular.font).not.toBe('0.9rem');
    expect(dense.padding).not.toBe(compact.padding);
  });
});

test('with no rows, the empty note stands instead of a table; with rows, the note is gone', () => {
  const { rerender } = render(
    <ThemeModeProvider>
      <DataTable caption="Entries" columns={COLUMNS} rows={[]} rowKey={(e) => e.id} empty="No entries yet." />
    </ThemeModeProvider>,
  );
  expect(screen.getByText('No entries yet.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  rerender(
    <ThemeModeProvider>
      <DataTable
        caption="Entries"
        columns={COLUMNS}
        rows={ENTRIES}
        rowKey={(e) => e.id}
        empty="No entries yet."
      />
    </ThemeModeProvider>,
  );
  expect(screen.getByRole('table', { name: 'Entries' })).toBeInTheDocument();
  expect(screen.queryByText('No entries yet.')).not.toBeInTheDocument();
});

it('names every part of the table by its role explicitly, so a table drawn as cards on a phone stays a table to Safari and VoiceOver', () => {
  const { container } = render(
    <ThemeModeProvider>
      <Entries sortable />
    </ThemeModeProvider>,
  );
  const table = container.querySelector('table')!;
  expect(table.getAttribute('role')).toBe('table');
  for (const group of Array.from(table.querySelectorAll('thead, tbody, tfoot'))) {
    expect(group.getAttribute('role')).toBe('rowgroup');
  }
  for (const row of Array.from(table.querySelectorAll('tr'))) expect(row.getAttribute('role')).toBe('row');
  for (const header of Array.from(table.querySelectorAll('th[scope="col"]'))) {
    expect(header.getAttribute('role')).toBe('columnheader');
  }
  for (const header of Array.from(table.querySelectorAll('th[scope="row"]'))) {
    expect(header.getAttribute('role')).toBe('rowheader');
  }
  const cells = Array.from(table.querySelectorAll('td'));
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) expect(cell.getAttribute('role')).toBe('cell');
  // What a person's screen reader finds is the same table: its rows, its column headers, its cells.
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(within(table).getByRole('columnheader', { name: /Amount/ })).toBeInTheDocument();
  expect(within(table).getByRole('rowheader', { name: 'Ada' })).toBeInTheDocument();
});
