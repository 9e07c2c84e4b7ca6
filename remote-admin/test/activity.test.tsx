import type { ActivityFilters, AuditEvent } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActivityPage } from '../src/features/activity/components/activity-page';
import routes from '../src/routes';

const ACTIVITY = '/api/activity/';

const FILTERS: ActivityFilters = {
  people: [
    { id: 1, name: 'platinum' },
    { id: 2, name: 'gold' },
  ],
  entities: [
    { value: 'client', label: 'Client' },
    { value: 'item', label: 'Item' },
  ],
  actions: [
    { value: 'create', label: 'Created' },
    { value: 'update', label: 'Updated' },
  ],
};

const event = (id: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2026-11-23T14:05:00Z',
  actor: 'gold',
  actorId: 2,
  entity: 'item',
  entityId: id,
  recordName: `Omega Seamaster · SN ${id}`,
  action: 'create',
  summary: `Added item ${id}`,
  changes: [],
  ...overrides,
});

/** The trail as the service filters and pages it (date filters by the day of `at`, UTC here). */
function server(trail: AuditEvent[], role: 'platinum' | 'gold' = 'platinum'): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /api/activity/filters/': { body: FILTERS },
    [`GET ${ACTIVITY}`]: (call) => {
      const q = new URL(call.url, 'http://localhost').searchParams;
      const from = q.get('date_from');
      const to = q.get('date_to');
      if (from && to && from > to) {
        return { status: 400, body: { date_to: ['The end date must not be before the start date.'] } };
      }
      const rows = trail.filter(
        (e) =>
          (!q.get('user') || String(e.actorId) === q.get('user')) &&
          (!q.get('entity') || e.entity === q.get('entity')) &&
          (!q.get('action') || e.action === q.get('action')) &&
          (!from || e.at.slice(0, 10) >= from) &&
          (!to || e.at.slice(0, 10) <= to),
      );
      const page = Number(q.get('page') ?? 1);
      const size = Number(q.get('page_size') ?? 10);
      const start = (page - 1) * size;
      if (page > 1 && start >= rows.length) return { status: 404, body: { detail: 'Invalid page.' } };
      return { body: { results: rows.slice(start, start + size), count: rows.length } };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

const PHONE_CHANGED = event(100, {
  entity: 'client',
  entityId: 7,
  recordName: 'Eleanor Vance',
  action: 'update',
  actor: 'platinum',
  actorId: 1,
  summary: 'Updated the client',
  changes: [{ field: 'Phone', before: '020 7946 0000', after: '020 7946 0999' }],
});

const show = (route = '/activity') => renderWithProviders(<ActivityPage />, { route, path: '/activity' });

/** What the list asked the service, last request first. */
const lastQuery = (mock: FetchMock) =>
  Object.fromEntries(new URL(mock.callsTo('GET', ACTIVITY).at(-1)!.url, 'http://localhost').searchParams);

const rows = () =>
  within(screen.getByRole('table', { name: 'Activity' }))
    .getAllByRole('row')
    .slice(1);

describe('/activity', () => {
  it('lists the trail newest first: when, who, the record, the action and what changed', async () => {
    const mock = server([PHONE_CHANGED, event(1, { actor: null, actorId: null, summary: 'Nightly check' })]);
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Activity' });
    const [first, second] = rows();
    expect(first).toHaveTextContent('platinum');
    expect(first).toHaveTextContent('ClientEleanor Vance');
    // The action's label comes from the filter choices once they are in.
    await waitFor(() => expect(first).toHaveTextContent('Updated'));
    expect(within(first!).getByText('Phone: 020 7946 0000 → 020 7946 0999')).toBeInTheDocument();
    expect(second).toHaveTextContent('System');
    expect(second).toHaveTextContent('Nightly check');
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(lastQuery(mock)).toEqual({ page: '1', page_size: '10' });
  });

  it('offers the people, kinds and actions the service names, and each filter changes the request and the URL', async () => {
    const mock = server([PHONE_CHANGED, event(1), event(2, { actorId: 1, actor: 'platinum' })]);
    show();
    await screen.findByRole('table', { name: 'Activity' });
    const kind = screen.getByLabelText('Kind of record');
    await waitFor(() =>
      expect(
        within(kind)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any kind', 'Client', 'Item']),
    );
    await userEvent.selectOptions(kind, 'Client');
    await waitFor(() => expect(lastQuery(mock)).toEqual({ page: '1', page_size: '10', entity: 'client' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Updated the client');

    await userEvent.selectOptions(screen.getByLabelText('Person'), 'platinum');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Updated');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() =>
      expect(lastQuery(mock)).toEqual({
        page: '1',
        page_size: '10',
        user: '1',
        entity: 'client',
        action: 'update',
        date_from: '2026-11-01',
        date_to: '2026-11-30',
      }),
    );
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();

    // Clearing goes back to the unfiltered first page (answered from the cache: it was asked a moment ago).
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Showing 1–3 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Kind of record')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
  });

  it('reads its filters from the URL, and says when nothing matches', async () => {
    const mock = server([PHONE_CHANGED]);
    show('/activity?entity=item&user=2');
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    expect(lastQuery(mock)).toEqual({ page: '1', page_size: '10', entity: 'item', user: '2' });
    await waitFor(() => expect(screen.getByLabelText('Kind of record')).toHaveValue('item'));
    expect(screen.getByLabelText('Person')).toHaveValue('2');
    expect(screen.queryByRole('table', { name: 'Activity' })).not.toBeInTheDocument();
  });

  it('says so when the shop has no activity yet', async () => {
    server([]);
    show();
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });

  it('pages like the other lists', async () => {
    const trail = Array.from({ length: 23 }, (_, i) => event(200 - i));
    const mock = server(trail);
    show();
    await screen.findByText('Showing 1–10 of 23');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Activity pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–20 of 23')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Added item 190');
    expect(lastQuery(mock)).toEqual({ page: '2', page_size: '10' });
    await userEvent.selectOptions(within(pages).getByLabelText('Items per page'), '25');
    expect(await screen.findByText('Showing 1–23 of 23')).toBeInTheDocument();
    expect(lastQuery(mock)).toEqual({ page: '1', page_size: '25' });
  });

  it('exports the CSV of the same filters (every page, so no page in the link)', async () => {
    server([PHONE_CHANGED]);
    show('/activity?entity=client&date_from=2026-11-01&page=1&page_size=25');
    await screen.findByRole('table', { name: 'Activity' });
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('href', '/api/api/activity/csv/?entity=client&date_from=2026-11-01');
    expect(csv).toHaveAttribute('download');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Updated');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/api/activity/csv/?entity=client&action=update&date_from=2026-11-01',
    );
  });

  it('shows the service’s objection to the dates at the To field', async () => {
    server([PHONE_CHANGED]);
    show('/activity?date_from=2026-11-30&date_to=2026-11-01');
    expect(await screen.findByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The end date must not be before the start date.',
    );
    expect(screen.queryByText(/Failed to load activity/)).not.toBeInTheDocument();
    // No export of a query the service refuses: the link becomes a disabled button.
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says what failed, with a Retry that asks again', async () => {
    const mock = server([PHONE_CHANGED]);
    let fail = true;
    mock.on(`GET ${ACTIVITY}`, () =>
      fail
        ? { status: 503, body: { detail: 'Try later.' } }
        : { body: { results: [PHONE_CHANGED], count: 1 } },
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load activity. Try later.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Updated the client')).toBeInTheDocument();
    expect(mock.callsTo('GET', ACTIVITY)).toHaveLength(2);
  });
});

describe('who may open /activity', () => {
  it('is platinum’s only', () => {
    expect(routes['/activity']).toEqual([expect.objectContaining({ path: '', roles: ['platinum'] })]);
  });
});
