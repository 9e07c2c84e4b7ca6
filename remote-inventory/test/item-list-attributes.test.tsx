import { renderWithProviders } from '@loupe/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { fakeInventory, listQueries, makeItem } from './support/fake-inventory';

// Issue 22: the stock lists filter on the item attributes and show the stock number.

const renderList = (key: 'watches' | 'jewellery' | 'all', route: string) =>
  renderWithProviders(<ItemListPage screen={LIST_SCREENS[key]} />, { route, path: route.split('?')[0] });

const serials = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((h) => h.textContent);

const stock = () => [
  makeItem({
    serial: 'SUB-1',
    stockNumber: 501,
    referenceNumber: '126610LN',
    conditionGrade: 'excellent',
    box: true,
    papers: true,
  }),
  makeItem({
    serial: 'SUB-2',
    stockNumber: 502,
    referenceNumber: '116610LV',
    conditionGrade: 'good',
    box: true,
  }),
  makeItem({ serial: 'NAU-3', stockNumber: 503, referenceNumber: '5711/1A', conditionGrade: 'excellent' }),
  makeItem({
    serial: 'RING-4',
    stockNumber: 504,
    stockType: 'Jewellery',
    brand: '',
    model: '',
    metal: 'Platinum',
  }),
  makeItem({
    serial: 'RING-5',
    stockNumber: 505,
    stockType: 'Jewellery',
    brand: '',
    model: '',
    metal: 'Silver',
  }),
];

describe('the stock lists and the item attributes', () => {
  it('offers watch filters on the watch list, metal on the jewellery list', async () => {
    fakeInventory(stock());
    const { unmount } = renderList('watches', '/stock/watches');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Filters' });
    for (const label of ['Reference Number', 'Condition', 'Box', 'Papers']) {
      expect(within(panel).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(panel).queryByLabelText('Metal')).not.toBeInTheDocument();
    unmount();
    renderList('jewellery', '/stock/jewellery');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const jewellery = screen.getByRole('form', { name: 'Filters' });
    expect(within(jewellery).getByLabelText('Metal')).toBeInTheDocument();
    expect(within(jewellery).getByLabelText('Condition')).toBeInTheDocument();
    expect(within(jewellery).queryByLabelText('Reference Number')).not.toBeInTheDocument();
  });

  it('Save Filter sends reference, condition, box and papers, and says what the list is filtered by', async () => {
    const { mock } = fakeInventory(stock());
    renderList('watches', '/stock/watches');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    await userEvent.type(screen.getByLabelText('Reference Number'), ' 6610 ');
    await userEvent.selectOptions(screen.getByLabelText('Box'), 'With box');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    expect(await screen.findByText(/Filtered by Reference contains: 6610 · Box: Yes/)).toBeInTheDocument();
    expect(serials()).toEqual(['SUB-1', 'SUB-2']);
    expect(listQueries(mock).at(-1)).toMatchObject({ reference: '6610', box: 'true' });

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Excellent');
    await userEvent.selectOptions(screen.getByLabelText('Papers'), 'With papers');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    expect(await screen.findByText(/Condition: Excellent · Box: Yes · Papers: Yes/)).toBeInTheDocument();
    expect(serials()).toEqual(['SUB-1']);
    expect(listQueries(mock).at(-1)).toMatchObject({ condition_grade: 'excellent', papers: 'true' });
  });

  it('filters jewellery by metal, and shows each row’s stock number', async () => {
    const { mock } = fakeInventory(stock());
    renderList('all', '/inventory/all');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByLabelText('Metal'), 'Platinum');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    expect(await screen.findByText(/Filtered by Metal: Platinum/)).toBeInTheDocument();
    expect(serials()).toEqual(['RING-4 (Jewellery)']);
    expect(listQueries(mock).at(-1)).toMatchObject({ metal: 'Platinum' });
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    // The row header is the first column; the cells follow it.
    expect(within(row).getAllByRole('cell')[headers.indexOf('Stock No.') - 1]).toHaveTextContent('504');
  });
});
