import { COMPLIANCE_NOT_ALLOWED, type AmlEvent, type Role } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompliancePage } from '../src/features/compliance/components/compliance-page';

const AML = '/api/compliance/aml/';

const event = (id: number, overrides: Partial<AmlEvent> = {}): AmlEvent => ({
  id,
  outcome: 'flagged',
  kind: 'payment',
  clientId: 7,
  clientName: 'Eleanor Vance',
  itemId: null,
  saleId: null,
  dealId: null,
  ledgerEntryId: 90,
  description: 'Payment received',
  amount: 8500,
  currency: 'GBP',
  exchangeRate: 1,
  amountGbp: 8500,
  amountEur: 10000,
  linkedTotalEur: 10000,
  eurGbpRate: 0.85,
  missing: [],
  date: '2026-11-20',
  createdBy: 'gold',
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

const FLAGGED = event(2);
const REFUSED = event(1, {
  outcome: 'refused',
  kind: 'item_sale',
  clientId: null,
  clientName: '',
  itemId: 5,
  ledgerEntryId: null,
  description: 'Rolex Submariner',
  amount: 9000,
  amountGbp: 9000,
  amountEur: 10588.23,
  linkedTotalEur: 10588.23,
  missing: ['client'],
  date: '2026-11-02',
  createdBy: 'platinum',
});

/** The report as the service filters it, answering as `role`. */
function server(role: Role, rows: AmlEvent[] = [FLAGGED, REFUSED]): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    [`GET ${AML}`]: (call) => {
      if (role === 'silver') return { status: 403, body: { detail: COMPLIANCE_NOT_ALLOWED } };
      const q = new URL(call.url, 'http://localhost').searchParams;
      const from = q.get('date_from');
      const to = q.get('date_to');
      if (from && to && from > to)
        return { status: 400, body: { date_to: ['Ensure this date is not before date_from.'] } };
      const found = rows.filter(
        (e) =>
          (!from || e.date >= from) &&
          (!to || e.date <= to) &&
          (!q.get('outcome') || e.outcome === q.get('outcome')),
      );
      return { body: { results: found, count: found.length } };
    },
  });
  globalThis.fetch = mock.fetch;
  return mock;
}

const lastQuery = (mock: FetchMock) =>
  Object.fromEntries(new URL(mock.callsTo('GET', AML).at(-1)!.url, 'http://localhost').searchParams);
const rows = () =>
  within(screen.getByRole('table', { name: 'AML cash payments' }))
    .getAllByRole('row')
    .slice(1);
const show = (route = '/compliance') =>
  renderWithProviders(<CompliancePage />, { route, path: '/compliance' });

describe('/compliance', () => {
  it('lists flagged payments and refused attempts with their figures and what was missing', async () => {
    server('gold');
    show();
    await screen.findByRole('table', { name: 'AML cash payments' });
    expect(screen.getByRole('heading', { level: 1, name: 'Compliance' })).toBeInTheDocument();
    const [first, second] = rows();
    expect(first).toHaveTextContent('20 Nov 2026');
    expect(first).toHaveTextContent('Flagged (accepted)');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Eleanor Vance');
    expect(first).toHaveTextContent('£8,500.00');
    expect(first).toHaveTextContent('€10,000.00');
    expect(second).toHaveTextContent('Refused');
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('Walk-in');
    expect(second).toHaveTextContent('Item saleRolex Submariner');
    expect(second).toHaveTextContent('€10,588.23');
    expect(second).toHaveTextContent('Client record');
    expect(second).toHaveTextContent('platinum');
  });

  it('keeps the filters in the URL and the request, and downloads the CSV of the same filters', async () => {
    const mock = server('platinum');
    show();
    await screen.findByRole('table', { name: 'AML cash payments' });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/api/compliance/aml/csv/',
    );

    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'Refused');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    const expected = { outcome: 'refused', date_from: '2026-11-01', date_to: '2026-11-30' };
    await waitFor(() => expect(lastQuery(mock)).toEqual({ page: '1', page_size: '10', ...expected }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Refused');
    const address = new URL(screen.getByTestId('location').textContent!, 'http://localhost');
    expect(address.pathname).toBe('/compliance');
    expect(Object.fromEntries(address.searchParams)).toEqual(expected);
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('download');
    const href = new URL(csv.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/api/compliance/aml/csv/');
    expect(Object.fromEntries(href.searchParams)).toEqual(expected);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByLabelText('Outcome')).toHaveValue('');
  });

  it('opens with the filters of its address', async () => {
    const mock = server('gold');
    show('/compliance?outcome=flagged');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastQuery(mock)).toMatchObject({ outcome: 'flagged' });
    expect(screen.getByLabelText('Outcome')).toHaveValue('flagged');
  });

  it('shows a date range the service refused at the field, and holds back the CSV', async () => {
    server('gold');
    show('/compliance?date_from=2026-11-30&date_to=2026-11-01');
    expect(await screen.findByText('Ensure this date is not before date_from.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('tells silver the report is not theirs, without asking for it', async () => {
    const mock = server('silver');
    show();
    expect(await screen.findByText(COMPLIANCE_NOT_ALLOWED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Compliance' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(mock.callsTo('GET', AML)).toHaveLength(0);
  });
});
