import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItemMargins } from '@loupe/contracts';
import { ItemPage } from '../src/features/items/components/item-page';
import { fakeInventory, makeItem } from './support/fake-inventory';

// Issue 23 item 5: a stock item serviced in the workshop shows the shop's margin (repairs counted) beside the
// margin scheme's (purchase price alone, HMRC VAT Notice 718), to those who may see costs.
const MARGINS_PATH = '/api/workshop/items/7/margins/';

const serviced = (overrides: Partial<ItemMargins> = {}): ItemMargins => ({
  itemId: 7,
  vatScheme: 'margin',
  purchasePriceGbp: 2000,
  repairCostGbp: 350,
  shopCostGbp: 2350,
  repairs: [{ jobId: 4, reference: 'JOB-000004', costGbp: 350, recordedOn: '2026-11-12' }],
  sale: {
    saleId: 9,
    date: '2026-11-20',
    amountGbp: 3000,
    shopMarginGbp: 650,
    schemeMarginGbp: 1000,
    marginVatGbp: 166.67,
  },
  ...overrides,
});

function show(role: 'gold' | 'silver', margins: ItemMargins | { status: number; body: unknown }) {
  const { mock } = fakeInventory([
    makeItem({ id: 7, serial: 'RLX-1', brand: 'Rolex', model: 'Explorer', purchasePrice: 2000 }),
  ]);
  mock.on('GET /auth-check/', { body: authCheckAs(role) });
  mock.on(`GET ${MARGINS_PATH}`, 'status' in margins ? margins : { body: margins });
  renderWithProviders(<ItemPage />, { route: '/inventory/item/7', path: '/inventory/item/:id' });
  return mock;
}

const factsOf = (list: HTMLElement) =>
  Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

it('shows gold the purchase price, the repairs and both margins of a serviced, sold item', async () => {
  show('gold', serviced());
  const card = await screen.findByRole('region', { name: 'Repairs and margins' });
  expect(factsOf(within(card).getByLabelText('Costs'))).toEqual({
    'Purchase price': '£2,000.00',
    'Workshop repairs': '£350.00',
    'Cost with repairs': '£2,350.00',
  });
  const margins = factsOf(screen.getByLabelText('Margins'));
  expect(margins).toEqual({
    'Sold for': '£3,000.00 on 20 Nov 2026',
    'Shop’s margin (after repairs)': '£650.00',
    'Margin scheme margin (purchase price only)': '£1,000.00',
    'VAT on the margin': '£166.67',
  });
  const jobs = within(card).getByRole('list', { name: 'Workshop jobs' });
  expect(within(jobs).getByRole('link', { name: 'JOB-000004' })).toHaveAttribute('href', '/workshop/jobs/4');
  expect(within(jobs).getByRole('listitem')).toHaveTextContent('JOB-000004: £350.00, recorded 12 Nov 2026');
  expect(card).toHaveTextContent('HMRC VAT Notice 718');
});

it('shows an unsold standard-rated item its costs and no margins yet', async () => {
  show('gold', serviced({ vatScheme: 'standard', sale: null }));
  const card = await screen.findByRole('region', { name: 'Repairs and margins' });
  expect(within(card).getByText('Cost with repairs').nextElementSibling).toHaveTextContent('£2,350.00');
  expect(screen.queryByLabelText('Margins')).not.toBeInTheDocument();
  expect(card).not.toHaveTextContent('Notice 718');
});

it('adds nothing for an item the workshop has not worked on', async () => {
  const mock = show('gold', serviced({ repairCostGbp: 0, shopCostGbp: 2000, repairs: [], sale: null }));
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(mock.callsTo('GET', MARGINS_PATH)).toHaveLength(1));
  // The answer has been read: the page has settled with it.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.queryByRole('region', { name: 'Repairs and margins' })).not.toBeInTheDocument();
});

it('asks nothing and shows nothing to silver, who may not see costs', async () => {
  const mock = show('silver', serviced());
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByRole('region', { name: 'Repairs and margins' })).not.toBeInTheDocument();
  expect(mock.callsTo('GET', MARGINS_PATH)).toHaveLength(0);
});

it('says when the repair costs failed to load, and loads them again on Retry', async () => {
  const mock = show('gold', { status: 500, body: { detail: 'Server error.' } });
  const card = await screen.findByRole('region', { name: 'Repairs and margins' }, { timeout: 10_000 });
  expect(within(card).getByRole('alert')).toHaveTextContent('Failed to load the workshop repair costs.');
  mock.on(`GET ${MARGINS_PATH}`, { body: serviced() });
  await userEvent.click(within(card).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByLabelText('Margins')).toBeInTheDocument();
}, 20_000);
