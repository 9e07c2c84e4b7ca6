import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { fakeInventory, listQueries, makeItem } from './support/fake-inventory';

// Issue 14 in the stock lists: days in stock (shown and sorted), the consignment badge and filter.

const consignment = (overdue: boolean) => ({
  supplierId: 6,
  supplierName: 'Grace Hopper',
  agreedCost: 4200,
  returnBy: '2026-11-13',
  supplierRef: 'GH-1',
  returnedAt: null,
  overdue,
});

function renderAll(search = '') {
  return renderWithProviders(<ItemListPage screen={LIST_SCREENS.all} />, {
    route: `/inventory/all${search}`,
    path: '/inventory/all',
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';
const params = () => new URLSearchParams(location().split('?')[1] ?? '');
const rowOf = (serial: string) => {
  const found = within(screen.getByRole('table'))
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader')?.textContent?.startsWith(serial));
  if (!found) throw new Error(`no row for ${serial}`);
  return found;
};
const cellUnder = (serial: string, header: string) => {
  const headers = within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  // The row header is the first column; the cells follow it.
  return within(rowOf(serial)).getAllByRole('cell')[headers.indexOf(header) - 1];
};

it('shows each item’s days in stock and marks consignment items, overdue ones in words', async () => {
  fakeInventory([
    makeItem({ serial: 'OWN-1', daysInStock: 1204 }),
    makeItem({ serial: 'CON-2', daysInStock: 12, consignment: consignment(false) }),
    makeItem({ serial: 'CON-3', daysInStock: 40, consignment: consignment(true) }),
  ]);
  renderAll();
  await screen.findByRole('table');
  expect(cellUnder('OWN-1', 'Days in stock')).toHaveTextContent(/^1,204$/);
  expect(cellUnder('CON-2', 'Days in stock')).toHaveTextContent(/^12$/);
  expect(within(rowOf('OWN-1')).queryByText(/On consignment/)).not.toBeInTheDocument();
  expect(within(rowOf('CON-2')).getByText('On consignment')).toBeInTheDocument();
  expect(within(rowOf('CON-3')).getByText('Consignment overdue')).toBeInTheDocument();
});

it('sorts by days in stock through Sort by, most first or fewest first', async () => {
  const { mock } = fakeInventory([makeItem()]);
  renderAll();
  await screen.findByRole('table');
  await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Days in stock, most first');
  await waitFor(() => expect(listQueries(mock).at(-1)?.ordering).toBe('-days_in_stock'));
  expect(params().get('ordering')).toBe('-days_in_stock');
  await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Days in stock, fewest first');
  await waitFor(() => expect(listQueries(mock).at(-1)?.ordering).toBe('days_in_stock'));
});

it('filters by consignment from the Filters panel, and Remove Filter clears it', async () => {
  const { mock } = fakeInventory([makeItem({ consignment: consignment(false) })]);
  renderAll();
  await screen.findByRole('table');
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  const choice = screen.getByLabelText('Consignment');
  expect(Array.from((choice as HTMLSelectElement).options).map((o) => o.text)).toEqual([
    'All',
    'Owned',
    'On consignment',
  ]);
  await userEvent.selectOptions(choice, 'On consignment');
  await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
  await waitFor(() => expect(listQueries(mock).at(-1)?.consignment).toBe('true'));
  expect(params().get('consignment')).toBe('true');
  expect(screen.getByText('Filtered by On consignment')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await userEvent.selectOptions(screen.getByLabelText('Consignment'), 'Owned');
  await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
  await waitFor(() => expect(listQueries(mock).at(-1)?.consignment).toBe('false'));

  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await userEvent.click(screen.getByRole('button', { name: 'Remove Filter' }));
  // The unfiltered page is still in the cache from the first load: the address says the filter went.
  await waitFor(() => expect(params().get('consignment')).toBeNull());
  expect(screen.queryByText(/Filtered by/)).not.toBeInTheDocument();
});
