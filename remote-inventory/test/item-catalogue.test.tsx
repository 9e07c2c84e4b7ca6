import type { Item } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddItemPage } from '../src/features/items/components/add-item-page';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { ITEM_FILTERS } from '../src/features/items/api/get-items';
import { FilterPanel, type FilterValues } from '../src/features/items/components/filter-panel';
import { catalogueOf } from './support/catalogue';
import { makeItem } from './support/fake-inventory';

// Issue 22: the item form and the filter panel offer the shop's own catalogue, loaded from the API.
const CATALOGUE = catalogueOf([
  {
    id: 100,
    name: 'Patek Philippe',
    retired: false,
    itemCount: 0,
    models: [
      { id: 101, name: 'Nautilus', retired: false, itemCount: 0 },
      { id: 102, name: 'Aquanaut', retired: false, itemCount: 0 },
      { id: 103, name: 'Golden Ellipse', retired: true, itemCount: 2 },
    ],
  },
  { id: 200, name: 'Longines', retired: true, itemCount: 1, models: [] },
]);

function server(extra: Record<string, Parameters<FetchMock['on']>[1]> = {}): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    'GET /api/clients/': { body: { results: [], count: 0 } },
    'GET /api/catalogue/': { body: CATALOGUE },
    'POST /api/items/': (call) => ({
      status: 201,
      body: makeItem({ id: 77, ...(call.body as Partial<Item>), transactions: [] }),
    }),
    ...extra,
  });
  window.fetch = mock.fetch;
  return mock;
}

const field = (label: string) => screen.getByLabelText(label);
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

// Whole forms typed into on a shared, busy machine: more than jest's default 5 s each.
jest.setTimeout(20_000);

describe('the item form and the shop catalogue', () => {
  it('shows the brands loading, then offers the active brands and only the chosen brand’s active models', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const held = new Promise((resolve) => (answer = resolve));
    const mock = server({ 'GET /api/catalogue/': async () => (await held, { body: CATALOGUE }) });
    renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
    expect(await screen.findByText('Loading the brands…')).toBeInTheDocument();
    expect(options(field('Brand'))).toEqual(['No brand']);
    answer(undefined);
    await screen.findByRole('option', { name: 'Patek Philippe' });
    expect(screen.queryByText('Loading the brands…')).not.toBeInTheDocument();
    expect(options(field('Brand'))).toEqual(['No brand', 'Cartier', 'Omega', 'Patek Philippe', 'Rolex']);

    await userEvent.selectOptions(field('Brand'), 'Patek Philippe');
    expect(options(field('Model'))).toEqual(['Choose a model', 'Nautilus', 'Aquanaut']);
    await userEvent.type(field('Serial Number'), 'PP-5711');
    await userEvent.selectOptions(field('Model'), 'Nautilus');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/items/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/items/')[0]?.body).toMatchObject({
      serial: 'PP-5711',
      brand: 'Patek Philippe',
      model: 'Nautilus',
    });
  });

  it('sends the chosen catalogue brand and model, and shows the server’s refusal beside the brand', async () => {
    const mock = server({
      'POST /api/items/': {
        status: 400,
        body: { brand: ['Patek Philippe is retired: it is not offered for new items.'] },
      },
    });
    renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'PP-1');
    await userEvent.selectOptions(
      field('Brand'),
      await screen.findByRole('option', { name: 'Patek Philippe' }),
    );
    await userEvent.selectOptions(field('Model'), 'Aquanaut');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/items/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/items/')[0]?.body).toMatchObject({
      brand: 'Patek Philippe',
      model: 'Aquanaut',
    });
    expect(
      await screen.findByText('Patek Philippe is retired: it is not offered for new items.'),
    ).toBeInTheDocument();
    expect(field('Brand')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps an edited item’s retired brand and model on offer, and offers no other retired entry', async () => {
    server({
      'GET /api/items/9/': {
        body: makeItem({ id: 9, serial: 'PP-9', brand: 'Patek Philippe', model: 'Golden Ellipse' }),
      },
    });
    renderWithProviders(<EditItemPage />, { route: '/inventory/edit/9', path: '/inventory/edit/:id' });
    await screen.findByRole('option', { name: 'Nautilus' });
    expect(field('Brand')).toHaveValue('Patek Philippe');
    expect(field('Model')).toHaveValue('Golden Ellipse');
    expect(options(field('Model'))).toEqual(['Choose a model', 'Nautilus', 'Aquanaut', 'Golden Ellipse']);
    expect(options(field('Brand'))).not.toContain('Longines');
  });

  it('says so when the catalogue cannot be loaded', async () => {
    server({ 'GET /api/catalogue/': { status: 500, body: { detail: 'Server error.' } } });
    renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
    expect(
      await screen.findByText('The brands could not be loaded. Reload the page to try again.'),
    ).toBeInTheDocument();
  });
});

describe('the filter panel and the shop catalogue', () => {
  it('lists the catalogue’s active brands and the chosen brand’s models', async () => {
    server();
    const onSave = jest.fn();
    renderWithProviders(
      <FilterPanel
        id="filters"
        filters={['brand', 'model']}
        initial={Object.fromEntries(ITEM_FILTERS.map((name) => [name, ''])) as FilterValues}
        onSave={onSave}
        onRemove={() => undefined}
      />,
    );
    await userEvent.selectOptions(
      field('Brand'),
      await screen.findByRole('option', { name: 'Patek Philippe' }),
    );
    expect(options(field('Brand'))).not.toContain('Longines');
    expect(options(field('Model'))).toEqual(expect.arrayContaining(['Nautilus', 'Aquanaut']));
    expect(options(field('Model'))).not.toContain('Golden Ellipse');
    await userEvent.selectOptions(field('Model'), 'Nautilus');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ brand: 'Patek Philippe', model: 'Nautilus' }),
    );
  });
});
