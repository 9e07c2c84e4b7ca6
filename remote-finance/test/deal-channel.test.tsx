import { DEAL_CHANNEL_LABELS, DEAL_CHANNELS, type Deal, type DealCreate } from '@loupe/contracts';
import {
  authCheckAs,
  createFetchMock,
  createTestQueryClient,
  renderWithProviders,
  type FetchMock,
} from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DealListPage } from '../src/features/deals/components/deal-list-page';
import { DealPage } from '../src/features/deals/components/deal-page';
import { NewDealPage } from '../src/features/deals/components/new-deal-page';
import { deal, item } from './support/deals';

// Issue 24 item 4: each deal records where its sale came from (contracts/src/feeds.ts DEAL_CHANNELS) — chosen on
// New Deal (Shop unless said otherwise), shown on the deal and in the list. The Chrono24 7-day rule reads it.

const ROLEX = item(11, { serial: 'RLX-1', listingPrice: 15000 });

function server(created: Deal = deal(77)): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    'GET /api/items/by-serial/': (call) =>
      new URL(call.url, 'http://localhost').searchParams.get('serial') === ROLEX.serial
        ? { body: ROLEX }
        : { status: 404, body: { detail: 'Not found.' } },
    'POST /api/deals/': { status: 201, body: created },
    'GET /api/deals/77/': { body: created },
  });
  window.fetch = mock.fetch;
  return mock;
}

const showNew = (route = '/deals/new') => renderWithProviders(<NewDealPage />, { route, path: '/deals/new' });

/** One item at its price, paid by card in full: a deal Complete sale sends. */
async function sellRolexByCard() {
  await userEvent.type(screen.getByLabelText('Serial or search'), 'RLX-1{Enter}');
  await screen.findByText(/^Added RLX-1/);
  await userEvent.click(screen.getByRole('button', { name: 'Add payment' }));
  const payment = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('group')[0]!;
  await userEvent.selectOptions(within(payment).getByLabelText('Method'), 'Credit Card');
  await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
}

const sentChannel = (mock: FetchMock) => (mock.callsTo('POST', '/api/deals/')[0]?.body as DealCreate).channel;

jest.setTimeout(20_000);

describe('New deal: Channel', () => {
  it('offers every channel by its label, Shop first and chosen', async () => {
    server();
    showNew();
    const channel = await screen.findByRole('combobox', { name: 'Channel' });
    expect(channel).toHaveValue('shop');
    expect(
      within(channel)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Shop', 'Phone', 'Website enquiry', 'Chrono24', 'Other']);
    expect(channel).toHaveAccessibleDescription('Where the sale came from.');
  });

  it('sends Shop when nobody changed it', async () => {
    const mock = server();
    showNew();
    await sellRolexByCard();
    await waitFor(() => expect(mock.callsTo('POST', '/api/deals/')).toHaveLength(1));
    expect(sentChannel(mock)).toBe('shop');
  });

  it('sends the channel chosen: a sale agreed on Chrono24', async () => {
    const mock = server();
    showNew();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Channel' }), 'Chrono24');
    await sellRolexByCard();
    await waitFor(() => expect(mock.callsTo('POST', '/api/deals/')).toHaveLength(1));
    expect(sentChannel(mock)).toBe('chrono24');
  });

  it('marks the sale reports and wanted-list matches stale once the deal is made (a sale changes both)', async () => {
    server();
    const queryClient = createTestQueryClient();
    // What remote-online's sale reports and remote-clients' matches keep, under their resources' roots.
    const reports = ['marketplace', 'list', { reports: { status: 'open' } }] as const;
    const matches = ['wants', 'list', { status: 'open' }] as const;
    queryClient.setQueryData(reports, { results: [], count: 0 });
    queryClient.setQueryData(matches, { results: [], count: 0 });
    renderWithProviders(<NewDealPage />, { route: '/deals/new', path: '/deals/new', queryClient });
    await sellRolexByCard();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/deals/77'));
    expect(queryClient.getQueryState(reports)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(matches)?.isInvalidated).toBe(true);
  });

  it('starts from ?channel= when it names a channel, and ignores one that does not', async () => {
    server();
    const first = showNew('/deals/new?channel=website');
    expect(await screen.findByRole('combobox', { name: 'Channel' })).toHaveValue('website');
    first.unmount();
    showNew('/deals/new?channel=ebay');
    expect(await screen.findByRole('combobox', { name: 'Channel' })).toHaveValue('shop');
  });
});

describe('the channel on the deal and in the list', () => {
  it.each(DEAL_CHANNELS)('shows a %s deal’s channel in its summary', async (channel) => {
    server(deal(77, { channel }));
    renderWithProviders(<DealPage />, { route: '/deals/77', path: '/deals/:id' });
    const term = await screen.findByText('Channel', { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent(DEAL_CHANNEL_LABELS[channel]);
  });

  it('has a Channel column in /deals', async () => {
    const rows = [deal(6, { channel: 'chrono24' }), deal(5, { channel: 'phone' })];
    window.fetch = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('silver') },
      'GET /api/deals/': { body: { results: rows, count: rows.length } },
    }).fetch;
    renderWithProviders(<DealListPage />, { route: '/deals', path: '/deals' });
    const table = await screen.findByRole('table', { name: 'Deals' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const column = headers.indexOf('Channel');
    expect(column).toBeGreaterThan(-1);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('th, td')[column]?.textContent);
    expect(cells).toEqual(['Chrono24', 'Phone']);
  });
});
