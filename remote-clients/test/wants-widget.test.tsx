import { renderWithProviders } from '@loupe/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import widgets from '../src/widgets';
import { FakeClientsServer, makeClient } from './support/fake-clients';
import { FakeWants, makeMatch, makeWant } from './support/fake-wants';

// Issue 24 item 5: the dashboard's "Wanted-list matches" card on the Clients tab — the open matches, newest
// first, each client and item a link.

const widget = widgets.find((w) => w.id === 'want-matches');

function serve() {
  const server = new FakeClientsServer([makeClient(7, 'Grace Hopper'), makeClient(8, 'Alan Turing')]);
  return new FakeWants(server.mock, 7);
}

function renderCard() {
  if (!widget) throw new Error('no Wanted-list matches widget');
  const { Component } = widget;
  renderWithProviders(<Component />, { route: '/dashboard' });
  return screen.findByRole('region', { name: 'Wanted-list matches' });
}

it('sits on the Clients tab with the other client cards', () => {
  expect(widget).toMatchObject({ title: 'Wanted-list matches', tab: 'clients' });
});

it('lists the open matches newest first: the client and the item as links, the price, the day and why', async () => {
  const wants = serve();
  const grace = makeWant(1, 7);
  const alan = makeWant(2, 8, { clientName: 'Alan Turing', brand: 'Omega', model: 'Speedmaster' });
  wants.addMatch(makeMatch(5, grace, { matchedAt: '2026-03-04T09:00:00.000Z' }));
  wants.addMatch(
    makeMatch(6, alan, {
      matchedAt: '2026-03-06T09:00:00.000Z',
      referenceNumber: '310.30.42.50.01.001',
      price: 6200,
      reason: 'price_change',
    }),
  );
  wants.addMatch(makeMatch(7, grace, { status: 'dismissed', matchedAt: '2026-03-07T09:00:00.000Z' }));
  const card = within(await renderCard());

  expect(await card.findByText('2 open matches, newest first')).toBeInTheDocument();
  const table = card.getByRole('table', { name: 'Wanted-list matches' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
    'Alan Turing',
    'Grace Hopper',
  ]);
  const first = within(rows[0] as HTMLElement);
  expect(first.getByRole('link', { name: 'Alan Turing' })).toHaveAttribute('href', '/clients/edit/8');
  expect(
    first.getByRole('link', { name: 'Omega Speedmaster 310.30.42.50.01.001 (Stock no. 106)' }),
  ).toHaveAttribute('href', '/inventory/item/406');
  expect(first.getByText('£6,200.00')).toBeInTheDocument();
  expect(first.getByText('6 Mar 2026 · Price changed')).toBeInTheDocument();
  expect(wants.mock.calls.find((call) => call.path === '/api/wants/matches/')?.url).toContain('status=open');
});

it('says when there is nothing open', async () => {
  serve();
  const card = within(await renderCard());
  expect(
    await card.findByText('No open matches: no new stock fits a client’s wanted list.'),
  ).toBeInTheDocument();
  expect(card.queryByRole('table')).not.toBeInTheDocument();
});

it('a card that fails to load says so with Retry, on its own', async () => {
  const wants = serve();
  wants.mock.on('GET /api/wants/matches/', { status: 500, body: { detail: 'Server down.' } });
  const card = within(await renderCard());
  expect(await card.findByText(/Failed to load the wanted-list matches/)).toBeInTheDocument();
  wants.mock.on('GET /api/wants/matches/', { body: { results: [], count: 0 } });
  await userEvent.click(card.getByRole('button', { name: 'Retry' }));
  expect(await card.findByText(/No open matches/)).toBeInTheDocument();
});
