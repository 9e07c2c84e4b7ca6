import { DEAL_CHANNEL_LABELS, DEAL_CHANNELS } from '@loupe/contracts';
import { createTestQueryClient, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { ItemPage } from '../src/features/items/components/item-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { fakeInventory, makeItem } from './support/fake-inventory';

// Issue 24 item 4: a Sell records where the sale came from, as New Deal does — Chrono24's 7-day rule asks for a
// report of a sale of a watch in the Chrono24 feed that was NOT made through Chrono24, so a Chrono24 sale entered
// through Sell must say so.

const PATH = '/inventory/available';

const renderList = (queryClient = createTestQueryClient()) =>
  renderWithProviders(<ItemListPage screen={LIST_SCREENS.available} />, {
    route: PATH,
    path: PATH,
    extraRoutes: null,
    queryClient,
  });

async function openSellFromList(serial: string): Promise<HTMLElement> {
  await screen.findByRole('table');
  const row = screen
    .getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) })
    .closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: 'Sell' }));
  return screen.getByRole('dialog', { name: `Sell ${serial}` });
}

const channel = (sell: HTMLElement) => within(sell).getByRole('combobox', { name: 'Channel' });

async function confirm(sell: HTMLElement) {
  await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
}

describe('Sell: Channel', () => {
  it('offers the deal channels by their names, Shop unless chosen, and sends Shop when left alone', async () => {
    const item = makeItem({ serial: 'CH-1', listingPrice: 12500, retailPrice: 12500 });
    const { mock } = fakeInventory([item]);
    renderList();
    const sell = await openSellFromList('CH-1');
    expect(channel(sell)).toHaveValue('shop');
    expect(
      within(channel(sell))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Shop', 'Phone', 'Website enquiry', 'Chrono24', 'Other']);
    expect(DEAL_CHANNELS.map((c) => DEAL_CHANNEL_LABELS[c])).toEqual(
      within(channel(sell))
        .getAllByRole('option')
        .map((o) => o.textContent),
    );
    await confirm(sell);
    await waitFor(() => expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)).toHaveLength(1));
    expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)[0]?.body).toMatchObject({
      price: '12500.00',
      channel: 'shop',
    });
  });

  it('sends the channel chosen: a Chrono24 sale from the item page', async () => {
    const { mock } = fakeInventory([
      makeItem({ id: 31, serial: 'C24-31', listingPrice: 9000, retailPrice: 9000 }),
    ]);
    renderWithProviders(<ItemPage />, { route: '/inventory/item/31', path: '/inventory/item/:id' });
    const actions = await screen.findByRole('group', { name: 'Item actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Sell' }));
    const sell = screen.getByRole('dialog', { name: 'Sell C24-31' });
    await userEvent.selectOptions(channel(sell), 'Chrono24');
    await confirm(sell);
    await waitFor(() => expect(mock.callsTo('POST', '/api/items/31/sell/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/items/31/sell/')[0]?.body).toMatchObject({ channel: 'chrono24' });
  });

  it("shows the service's refusal of the channel beside the field, keeping the dialog open", async () => {
    const item = makeItem({ serial: 'CH-400', listingPrice: 500, retailPrice: 500 });
    const { mock } = fakeInventory([item]);
    mock.on(`POST /api/items/${item.id}/sell/`, {
      status: 400,
      body: { channel: ['"ebay" is not a valid choice.'] },
    });
    renderList();
    const sell = await openSellFromList('CH-400');
    await userEvent.selectOptions(channel(sell), 'Phone');
    await confirm(sell);
    const problem = await within(sell).findByText('"ebay" is not a valid choice.');
    expect(channel(sell)).toHaveAccessibleDescription(
      expect.stringContaining('"ebay" is not a valid choice.'),
    );
    expect(problem).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Sell CH-400' })).toBeInTheDocument();
  });

  it('marks the Chrono24 sale reports and the wanted-list matches stale once sold (a Sell changes both)', async () => {
    const item = makeItem({ serial: 'CH-Q', listingPrice: 700, retailPrice: 700 });
    fakeInventory([item]);
    const queryClient = createTestQueryClient();
    // What remote-online's sale reports and remote-clients' matches keep, under their resources' roots.
    const reports = ['marketplace', 'list', { reports: { status: 'open' } }] as const;
    const matches = ['wants', 'matches', 'open', { page_size: 5 }] as const;
    queryClient.setQueryData(reports, { results: [], count: 0 });
    queryClient.setQueryData(matches, { results: [], count: 0 });
    renderList(queryClient);
    const sell = await openSellFromList('CH-Q');
    expect(queryClient.getQueryState(reports)?.isInvalidated).toBe(false);
    await confirm(sell);
    await waitFor(() => expect(queryClient.getQueryState(reports)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(matches)?.isInvalidated).toBe(true);
  });
});
