import type { StockTake, StockTakeLine, StockTakeOutcome } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { StockTakeListPage } from '../src/features/stock-take/components/stock-take-list-page';
import { StockTakePage } from '../src/features/stock-take/components/stock-take-page';

const counts = (expected: number, found: number, unexpected: number) => ({
  expected,
  found,
  missing: expected - found,
  unexpected,
});

function makeTake(overrides: Partial<StockTake> = {}): StockTake {
  return {
    id: 1,
    status: 'open',
    scope: { stockType: 'Watches', location: 'Safe 1' },
    scopeLabel: 'Watches in Safe 1',
    startedAt: '2026-03-02T09:00:00Z',
    startedBy: 'Ann Smith',
    closedAt: null,
    closedBy: null,
    countedBy: [],
    counts: counts(2, 0, 0),
    ...overrides,
  };
}

function makeLine(overrides: Partial<StockTakeLine>): StockTakeLine {
  return {
    outcome: 'found',
    serial: 'A-1',
    itemId: 5,
    brand: 'Rolex',
    model: 'Daytona',
    stockType: 'Watches',
    location: 'Safe 1',
    status: 'available',
    reason: null,
    reasonText: '',
    scannedBy: 'Ann Smith',
    scannedAt: '2026-03-02T09:05:00Z',
    followUp: null,
    ...overrides,
  };
}

/** A count of A-1 and B-2 (both expected) as the service keeps it: each serial counted once. */
function fakeCount(role: 'gold' | 'silver' = 'gold') {
  let take = makeTake();
  const lines: StockTakeLine[] = [];
  const missing = () =>
    [makeLine({ serial: 'A-1', itemId: 5 }), makeLine({ serial: 'B-2', itemId: 6, model: 'Submariner' })]
      .filter((line) => !lines.some((scanned) => scanned.serial === line.serial))
      .map((line) => ({ ...line, outcome: 'missing' as const, scannedBy: null, scannedAt: null }));
  const refigure = () => {
    const found = lines.filter((line) => line.outcome === 'found').length;
    take = { ...take, counts: counts(2, found, lines.length - found), countedBy: ['Ann Smith'] };
  };
  const marked: Record<number, string> = {};
  const mock: FetchMock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    'GET /api/stock-takes/1/': () => ({ body: take }),
    'GET /api/stock-takes/1/lines/': (call) => {
      const outcome = new URL(call.url, 'http://x').searchParams.get('outcome') as StockTakeOutcome;
      const results =
        outcome === 'missing'
          ? missing().map((line) =>
              marked[line.itemId ?? 0]
                ? {
                    ...line,
                    followUp: {
                      action: 'marked_unavailable' as const,
                      reason: marked[line.itemId ?? 0] ?? '',
                      by: 'Ann Smith',
                      at: '2026-03-02T10:00:00Z',
                    },
                  }
                : line,
            )
          : lines.filter((line) => line.outcome === outcome);
      return { body: { results, count: results.length } };
    },
    'POST /api/stock-takes/1/scans/': (call) => {
      const serial = (call.body as { serial: string }).serial;
      const first = lines.find((line) => line.serial === serial);
      if (first)
        return {
          status: 200,
          body: { outcome: first.outcome, duplicate: true, line: first, counts: take.counts },
        };
      const line =
        serial === 'A-1' || serial === 'B-2'
          ? makeLine({ serial, itemId: serial === 'A-1' ? 5 : 6 })
          : serial === 'SOLD-3'
            ? makeLine({
                serial,
                itemId: 7,
                outcome: 'unexpected',
                status: 'sold',
                reason: 'sold',
                reasonText: 'Recorded as sold',
              })
            : makeLine({
                serial,
                itemId: null,
                brand: '',
                model: '',
                location: '',
                stockType: null,
                status: null,
                outcome: 'unexpected',
                reason: 'not_in_loupe',
                reasonText: 'Not in Loupe',
              });
      lines.unshift(line);
      refigure();
      return { status: 201, body: { outcome: line.outcome, duplicate: false, line, counts: take.counts } };
    },
    'POST /api/stock-takes/1/close/': () => {
      take = { ...take, status: 'closed', closedAt: '2026-03-02T09:30:00Z', closedBy: 'Ann Smith' };
      return { body: take };
    },
    'POST /api/stock-takes/1/missing/6/mark-unavailable/': (call) => {
      marked[6] = (call.body as { reason: string }).reason;
      return { body: missing()[0] };
    },
  });
  globalThis.fetch = mock.fetch;
  return { mock, scanned: lines };
}

const renderCount = () =>
  renderWithProviders(<StockTakePage />, {
    route: '/inventory/stock-take/1',
    path: '/inventory/stock-take/:id',
  });

const serialField = () => screen.getByRole('textbox', { name: /Serial/ });
/** The figure shown under `name` (Expected, Found, Missing, Unexpected) in the count's figures. */
const figure = (name: string) =>
  within(screen.getByLabelText('Count figures'))
    .getAllByRole('term')
    .find((term) => term.textContent === name)?.nextElementSibling?.textContent;

describe('the count screen', () => {
  it('keeps the serial field focused, answers each scan and never counts a serial twice', async () => {
    const user = userEvent.setup();
    const { mock } = fakeCount();
    renderCount();
    expect(await screen.findByText(/Watches in Safe 1 · started Ann Smith/)).toBeInTheDocument();
    await waitFor(() => expect(serialField()).toHaveFocus());

    await user.keyboard('A-1{Enter}');
    expect(await screen.findByText('Found: A-1 — Rolex Daytona')).toBeInTheDocument();
    expect(serialField()).toHaveValue('');
    expect(serialField()).toHaveFocus();
    await waitFor(() => expect(figure('Found')).toBe('1'));
    expect(figure('Missing')).toBe('1');

    await user.keyboard('A-1{Enter}');
    expect(
      await screen.findByText('Already counted: A-1 was already scanned in this count.'),
    ).toBeInTheDocument();
    expect(figure('Found')).toBe('1');

    await user.keyboard('NOPE-9{Enter}');
    expect(await screen.findByText('Unexpected: NOPE-9 — Not in Loupe')).toBeInTheDocument();
    await waitFor(() => expect(figure('Unexpected')).toBe('1'));
    expect(mock.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { serial: 'A-1' },
      { serial: 'A-1' },
      { serial: 'NOPE-9' },
    ]);

    await user.click(screen.getByRole('tab', { name: 'Unexpected (1)' }));
    const panel = screen.getByRole('tabpanel', { name: 'Unexpected' });
    expect(await within(panel).findByRole('rowheader', { name: 'NOPE-9' })).toBeInTheDocument();
    expect(within(panel).getByText('Not in Loupe')).toBeInTheDocument();
  });

  it('refreshes the figures every few seconds: another person’s scans show without a reload', async () => {
    const { mock } = fakeCount();
    renderCount();
    await waitFor(() => expect(figure('Found')).toBe('0'));
    // A colleague scans B-2 on another device: the service has it, this page has not asked yet.
    await mock.fetch('/api/api/stock-takes/1/scans/', {
      method: 'POST',
      body: JSON.stringify({ serial: 'B-2' }),
    });
    expect(figure('Found')).toBe('0');
    await waitFor(() => expect(figure('Found')).toBe('1'), { timeout: 6000 });
  }, 10_000);

  it('closes only after the confirmation, then shows the variance report', async () => {
    const user = userEvent.setup();
    const { mock } = fakeCount();
    renderCount();
    await user.click(await screen.findByRole('button', { name: 'Close count' }));
    let dialog = screen.getByRole('dialog', { name: 'Close this count?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mock.calls.some((call) => call.path.endsWith('/close/'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Close count' }));
    dialog = screen.getByRole('dialog', { name: 'Close this count?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close count' }));
    expect(await screen.findByRole('heading', { name: 'Variance report' })).toBeInTheDocument();
    expect(mock.calls.filter((call) => call.path.endsWith('/close/'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/api/stock-takes/1/variance/csv/',
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/api/stock-takes/1/variance/pdf/',
    );
    expect(screen.queryByRole('textbox', { name: /Serial/ })).not.toBeInTheDocument();
  });

  it('a silver member scans but cannot close the count, and is told why', async () => {
    fakeCount('silver');
    renderCount();
    expect(await screen.findByRole('button', { name: 'Close count' })).toBeDisabled();
    expect(
      screen.getByText('Only platinum and gold members can close a count or act on its differences.'),
    ).toBeInTheDocument();
  });
});

describe('the variance report', () => {
  async function closedWithDifferences() {
    const user = userEvent.setup();
    const view = fakeCount();
    renderCount();
    for (const serial of ['A-1', 'SOLD-3', 'NEW-4']) {
      await user.type(await screen.findByRole('textbox', { name: /Serial/ }), `${serial}{Enter}`);
      await screen.findByText(new RegExp(`^(Found|Unexpected): ${serial}`));
    }
    await user.click(screen.getByRole('button', { name: 'Close count' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close count' }));
    await screen.findByRole('heading', { name: 'Variance report' });
    return { user, ...view };
  }

  it('offers Open item for a known unexpected serial and Add item (serial filled in) for an unknown one', async () => {
    await closedWithDifferences();
    const unexpected = await screen.findByRole('table', { name: 'Unexpected (2)' });
    expect(within(unexpected).getByRole('link', { name: 'Open item SOLD-3' })).toHaveAttribute(
      'href',
      '/inventory/edit/7',
    );
    expect(within(unexpected).getByRole('link', { name: 'Add item NEW-4' })).toHaveAttribute(
      'href',
      '/inventory/add?serial=NEW-4',
    );
    expect(within(unexpected).getByText('Recorded as sold')).toBeInTheDocument();
  });

  it('marks a missing item unavailable only with a reason', async () => {
    const { user, mock } = await closedWithDifferences();
    const missing = await screen.findByRole('table', { name: 'Missing (1)' });
    await user.click(within(missing).getByRole('button', { name: 'Mark unavailable' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark B-2 unavailable' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark unavailable' }));
    expect(within(dialog).getByText('Say why the item is unavailable.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveFocus();
    expect(mock.calls.some((call) => call.path.includes('mark-unavailable'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not in the safe');
    await user.click(within(dialog).getByRole('button', { name: 'Mark unavailable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.calls.find((call) => call.path.includes('mark-unavailable'))?.body).toEqual({
      reason: 'Not in the safe',
    });
    expect(await screen.findByText(/^Marked unavailable: Not in the safe/)).toBeInTheDocument();
  });
});

describe('the counts list', () => {
  it('lists the counts and starts one narrowed to a stock type and a location', async () => {
    const user = userEvent.setup();
    const closed = makeTake({
      id: 3,
      status: 'closed',
      closedBy: 'Bob',
      closedAt: '2026-03-01T10:00:00Z',
      counts: counts(4, 3, 1),
    });
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /csrf/': { cookies: { csrftoken: 'tok' } },
      'GET /api/stock-takes/': { body: { results: [closed], count: 1 } },
      'POST /api/stock-takes/': { status: 201, body: makeTake({ id: 9 }) },
    });
    globalThis.fetch = mock.fetch;
    renderWithProviders(<StockTakeListPage />, {
      route: '/inventory/stock-take',
      path: '/inventory/stock-take',
      extraRoutes: <Route path="/inventory/stock-take/:id" element={<p>count page</p>} />,
    });
    const row = (await screen.findByRole('rowheader', { name: 'Count #3' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Watches in Safe 1');
    expect(row).toHaveTextContent('Closed');
    expect(row).toHaveTextContent('Expected 4 · Found 3 · Missing 1 · Unexpected 1');

    await user.click(screen.getByRole('button', { name: 'Start count' }));
    const dialog = screen.getByRole('dialog', { name: 'Start count' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Stock type' }), 'Watches');
    await user.type(within(dialog).getByRole('textbox', { name: /Location/ }), ' Safe 1 ');
    await user.click(within(dialog).getByRole('button', { name: 'Start count' }));
    expect(await screen.findByText('count page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/inventory/stock-take/9');
    expect(mock.calls.find((call) => call.method === 'POST')?.body).toEqual({
      scope: { stockType: 'Watches', location: 'Safe 1' },
    });
  });

  it('shows the service’s refusal of the scope above the form and stays open, with what was typed', async () => {
    const user = userEvent.setup();
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /csrf/': { cookies: { csrftoken: 'tok' } },
      'GET /api/stock-takes/': { body: { results: [], count: 0 } },
      'POST /api/stock-takes/': {
        status: 400,
        // The service names the scope as a whole (its first path segment), not one of its fields.
        body: { scope: ['Control characters are not allowed.'] },
      },
    });
    globalThis.fetch = mock.fetch;
    renderWithProviders(<StockTakeListPage />, {
      route: '/inventory/stock-take',
      path: '/inventory/stock-take',
    });
    await user.click(await screen.findByRole('button', { name: 'Start count' }));
    const dialog = screen.getByRole('dialog', { name: 'Start count' });
    const location = within(dialog).getByRole('textbox', { name: /Location/ });
    await user.type(location, 'Safe 1');
    await user.click(within(dialog).getByRole('button', { name: 'Start count' }));
    expect(await within(dialog).findByText('Control characters are not allowed.')).toBeInTheDocument();
    expect(location).toHaveValue('Safe 1');
    expect(screen.getByRole('dialog', { name: 'Start count' })).toBeInTheDocument();
  });
});
