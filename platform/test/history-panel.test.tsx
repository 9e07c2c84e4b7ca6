import type { AuditEvent } from '@loupe/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HISTORY_PAGE_SIZE, HistoryPanel, historyKey } from '../src/history';
import {
  authCheckAs,
  createFetchMock,
  renderWithProviders,
  type FetchCall,
  type FetchMock,
  type MockResponse,
  type MockHandler,
} from '../src/testing';

const HISTORY = '/api/clients/5/history/';
const TOKYO = { id: 1, name: 'Loupe Demo', time_zone: 'Asia/Tokyo' };

const event = (id: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2026-11-23T14:05:00Z',
  actor: 'gold',
  actorId: 2,
  entity: 'client',
  entityId: 5,
  recordName: 'Eleanor Vance',
  action: 'update',
  summary: `Change ${id}`,
  changes: [],
  ...overrides,
});

/** The trail of client 5 as the service pages it: newest first, `page` and `page_size` honoured. */
function pagedTrail(events: AuditEvent[]): (call: FetchCall) => MockResponse {
  return (call) => {
    const params = new URL(call.url, 'http://localhost').searchParams;
    const page = Number(params.get('page') ?? 1);
    const size = Number(params.get('page_size') ?? 10);
    const results = events.slice((page - 1) * size, page * size);
    if (page > 1 && results.length === 0) return { status: 404, body: { detail: 'Invalid page.' } };
    return { body: { results, count: events.length } };
  };
}

function server(history: MockHandler): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold', { shops: [{ ...TOKYO, role: 'gold', is_new: false }] }) },
    [`GET ${HISTORY}`]: history,
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = () => renderWithProviders(<HistoryPanel resource="clients" id={5} />);
const panel = () => screen.getByRole('region', { name: 'History' });
const entries = () =>
  within(screen.getByRole('list', { name: 'History' }))
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.tagName === 'OL');

it('shows who, when (in the shop’s zone), the summary and each change as before → after, newest first', async () => {
  server(
    pagedTrail([
      event(2, {
        summary: 'Updated the client',
        changes: [
          { field: 'Phone', before: '020 7946 0000', after: '020 7946 0999' },
          { field: 'Email', before: null, after: 'ev@example.com' },
        ],
      }),
      event(1, { actor: null, summary: 'Created the client', at: '2026-11-22T16:30:00Z' }),
    ]),
  );
  show();
  expect(await screen.findByText('Updated the client')).toBeInTheDocument();
  expect(within(panel()).getByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
  const [newest, oldest] = entries();
  expect(newest).toHaveTextContent('gold');
  // 14:05 UTC is 23:05 in Tokyo, the shop's zone, whatever zone the test machine runs in.
  await waitFor(() => expect(within(newest!).getByText('23 Nov 2026, 23:05')).toBeInTheDocument());
  expect(within(newest!).getByText('23 Nov 2026, 23:05')).toHaveAttribute('datetime', '2026-11-23T14:05:00Z');
  expect(
    within(within(newest!).getByRole('list', { name: 'Changes' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Phone: 020 7946 0000 → 020 7946 0999', 'Email: — → ev@example.com']);
  expect(oldest).toHaveTextContent('System');
  expect(oldest).toHaveTextContent('Created the client');
  expect(within(oldest!).queryByRole('list', { name: 'Changes' })).not.toBeInTheDocument();
  expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
});

it('shows a spinner while the trail loads', async () => {
  let answer: (value: { body: unknown }) => void = () => undefined;
  server(() => new Promise((resolve) => (answer = resolve)));
  show();
  expect(await screen.findByText('Loading history...')).toBeInTheDocument();
  answer({ body: { results: [], count: 0 } });
  expect(await screen.findByText('No history yet.')).toBeInTheDocument();
});

it('says so when the record has no history yet', async () => {
  server(pagedTrail([]));
  show();
  expect(
    await within(await screen.findByRole('region', { name: 'History' })).findByText('No history yet.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'History' })).not.toBeInTheDocument();
});

it('says what failed, with a Retry that asks again and then shows the trail', async () => {
  let fail = true;
  const mock = server((call) =>
    fail
      ? { status: 503, body: { detail: 'Try later.' } }
      : pagedTrail([event(1, { summary: 'Recorded a payment' })])(call),
  );
  show();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load the history. Try later.');
  fail = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Recorded a payment')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(mock.callsTo('GET', HISTORY)).toHaveLength(2);
});

it('pages with Show more, keeping what was shown, until the whole trail is in', async () => {
  const trail = Array.from({ length: HISTORY_PAGE_SIZE + 3 }, (_, i) => event(100 - i));
  const mock = server(pagedTrail(trail));
  show();
  await screen.findByText('Change 100');
  expect(entries()).toHaveLength(HISTORY_PAGE_SIZE);
  expect(screen.getByText(`Showing ${HISTORY_PAGE_SIZE} of ${trail.length}`)).toBeInTheDocument();
  expect(mock.callsTo('GET', HISTORY)[0]?.url).toBe(`/api${HISTORY}?page=1&page_size=${HISTORY_PAGE_SIZE}`);

  const more = screen.getByRole('button', { name: 'Show more' });
  more.focus();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByText(`Change ${100 - trail.length + 1}`)).toBeInTheDocument();
  expect(entries()).toHaveLength(trail.length);
  expect(entries()[0]).toHaveTextContent('Change 100');
  expect(mock.callsTo('GET', HISTORY)[1]?.url).toBe(`/api${HISTORY}?page=2&page_size=${HISTORY_PAGE_SIZE}`);
  expect(screen.getByText(`Showing ${trail.length} of ${trail.length}`)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
});

it('asks again when the record’s resource is invalidated, as its own mutations do', async () => {
  const trail = [event(1, { summary: 'Created the client' })];
  const mock = server(pagedTrail(trail));
  const { queryClient } = show();
  await screen.findByText('Created the client');
  trail.unshift(event(2, { summary: 'Updated the client' }));
  await queryClient.invalidateQueries({ queryKey: ['clients'] });
  expect(await screen.findByText('Updated the client')).toBeInTheDocument();
  expect(mock.callsTo('GET', HISTORY)).toHaveLength(2);
  expect(historyKey('clients', 5)).toEqual(['clients', 'history', 5]);
});

it('reads an item’s trail from the items endpoint', async () => {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/items/9/history/': pagedTrail([event(1, { entity: 'item', summary: 'Promoted the item' })]),
  });
  window.fetch = mock.fetch;
  renderWithProviders(<HistoryPanel resource="items" id={9} />);
  expect(await screen.findByText('Promoted the item')).toBeInTheDocument();
  expect(mock.callsTo('GET', '/api/items/9/history/')).toHaveLength(1);
});
