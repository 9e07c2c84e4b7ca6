import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { fakeInventory, listQueries, makeItem } from './support/fake-inventory';

// Issue 21, item 6: the purchase price's filters and orderings are for those who may see costs; the API refuses
// them to the others (403), so the list does not offer them.
const PATH = '/inventory/manage';
const renderManage = () =>
  renderWithProviders(<ItemListPage screen={LIST_SCREENS.manage} />, { route: PATH, path: PATH });

const sortOptions = () =>
  within(screen.getByLabelText('Sort by'))
    .getAllByRole('option')
    .map((option) => option.textContent);

async function openFilters() {
  await screen.findByRole('cell', { name: 'Rolex' });
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
}

it('offers silver no purchase-price sort or Min/Max Price filter, and asks for none', async () => {
  const { mock } = fakeInventory([makeItem({ serial: 'RX-1' })]);
  mock.on('GET /auth-check/', { body: authCheckAs('silver') });
  renderManage();
  await openFilters();
  expect(sortOptions()).not.toContain('Purchase price, lowest first');
  expect(sortOptions()).not.toContain('Purchase price, highest first');
  expect(sortOptions()).toContain('Listing price, lowest first');
  expect(screen.queryByLabelText('Min Price (£)')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Max Price (£)')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Brand')).toBeInTheDocument();
  for (const query of listQueries(mock)) {
    expect(query).not.toHaveProperty('min_price');
    expect(query).not.toHaveProperty('max_price');
  }
});

it('offers them to gold, and to silver once the shop lets silver see costs', async () => {
  for (const auth of [
    authCheckAs('gold'),
    authCheckAs('silver', { permissionSettings: { silverSeesCosts: true } }),
  ]) {
    const { mock } = fakeInventory([makeItem({ serial: 'RX-1' })]);
    mock.on('GET /auth-check/', { body: auth });
    const view = renderManage();
    await openFilters();
    expect(sortOptions()).toContain('Purchase price, lowest first');
    expect(screen.getByLabelText('Min Price (£)')).toBeInTheDocument();
    expect(screen.getByLabelText('Max Price (£)')).toBeInTheDocument();
    view.unmount();
  }
});
