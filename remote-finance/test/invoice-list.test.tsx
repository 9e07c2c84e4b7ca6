import type { Client, Invoice } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceListPage } from '../src/features/invoices/components/invoice-list-page';

const INVOICES = '/api/invoices/';
const ELEANOR = { id: 7, name: 'Eleanor Vance', email: 'eleanor@example.com', status: 'active' } as Client;

const party = (name: string) => ({ name, address: '', email: '', phone: '' });

const invoice = (id: number, overrides: Partial<Invoice> = {}): Invoice => ({
  id,
  kind: 'invoice',
  number: id,
  reference: `INV-${String(id).padStart(6, '0')}`,
  status: 'issued',
  issueDate: '2026-11-20',
  saleId: id,
  itemId: id,
  creditsInvoice: null,
  creditNote: null,
  currency: 'GBP',
  exchangeRate: 1,
  total: 1250,
  totalGbp: 1250,
  vatTreatment: 'margin',
  vatAmount: 0,
  vatAmountGbp: null,
  dealId: null,
  partExchange: 0,
  partExchangeGbp: 0,
  payments: [],
  netAmount: 1250,
  marginGbp: 250,
  marginVatGbp: 41.67,
  paymentMethod: 'Bank Transfer',
  paidInFull: true,
  clientId: null,
  buyer: party('Walk-in buyer'),
  seller: {
    legalName: 'Loupe Demo Ltd',
    tradingName: '',
    address: '',
    email: '',
    phone: '',
    vatNumber: '',
    companyNumber: '',
    footer: '',
    hasLogo: false,
  },
  lines: [],
  createdBy: 'gold',
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

const CREDITED = invoice(42, {
  status: 'credited',
  clientId: 7,
  buyer: party('Eleanor Vance'),
  currency: 'USD',
  exchangeRate: 0.8,
  total: 2000,
  totalGbp: 1600,
  creditNote: { id: 43, reference: 'CN-000003', reason: 'Typed the wrong amount' },
});
const CREDIT_NOTE = invoice(43, {
  kind: 'credit_note',
  reference: 'CN-000003',
  issueDate: '2026-11-21',
  total: -2000,
  totalGbp: -1600,
  currency: 'USD',
  creditsInvoice: { id: 42, reference: 'INV-000042' },
  clientId: 7,
  buyer: party('Eleanor Vance'),
});
const ON_ACCOUNT = invoice(41, {
  paidInFull: false,
  vatTreatment: 'standard',
  buyer: party('Ana Domínguez'),
  issueDate: '2026-11-02',
});

/** The invoices as the service filters and pages them. */
function server(rows: Invoice[]): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/clients/': (call) => {
      const search = new URL(call.url, 'http://localhost').searchParams.get('search') ?? '';
      const found = [ELEANOR].filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
      return { body: { results: found, count: found.length } };
    },
    'GET /api/clients/7/': { body: ELEANOR },
    [`GET ${INVOICES}`]: (call) => {
      const q = new URL(call.url, 'http://localhost').searchParams;
      const from = q.get('date_from');
      const to = q.get('date_to');
      if (from && to && from > to) {
        return { status: 400, body: { date_to: ['The end date must not be before the start date.'] } };
      }
      const search = (q.get('search') ?? '').toLowerCase();
      const found = rows.filter(
        (i) =>
          (!from || i.issueDate >= from) &&
          (!to || i.issueDate <= to) &&
          (!q.get('client') || String(i.clientId) === q.get('client')) &&
          (!q.get('status') || i.status === q.get('status')) &&
          (!q.get('kind') || i.kind === q.get('kind')) &&
          (!search ||
            i.reference.toLowerCase().includes(search) ||
            i.buyer.name.toLowerCase().includes(search)),
      );
      const page = Number(q.get('page') ?? 1);
      const size = Number(q.get('page_size') ?? 10);
      const start = (page - 1) * size;
      return { body: { results: found.slice(start, start + size), count: found.length } };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = (route = '/invoices') => renderWithProviders(<InvoiceListPage />, { route, path: '/invoices' });
const lastQuery = (mock: FetchMock) =>
  Object.fromEntries(new URL(mock.callsTo('GET', INVOICES).at(-1)!.url, 'http://localhost').searchParams);
const rows = () =>
  within(screen.getByRole('table', { name: 'Invoices' }))
    .getAllByRole('row')
    .slice(1);

describe('/invoices', () => {
  it('lists each document: reference, date, buyer, total in its currency and in pounds, VAT and status', async () => {
    server([CREDIT_NOTE, CREDITED, ON_ACCOUNT]);
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(document.title).toBe('Invoices · Loupe');
    await screen.findByRole('table', { name: 'Invoices' });
    const [note, credited, onAccount] = rows();
    expect(note).toHaveTextContent('CN-000003Credit note');
    expect(note).toHaveTextContent('Credit note for INV-000042');
    expect(note).toHaveTextContent('-$2,000.00');
    expect(credited).toHaveTextContent('INV-000042');
    expect(credited).toHaveTextContent('Eleanor Vance');
    expect(credited).toHaveTextContent('$2,000.00£1,600.00');
    expect(credited).toHaveTextContent('Margin scheme');
    expect(credited).toHaveTextContent('Credited by CN-000003');
    expect(onAccount).toHaveTextContent('Ana Domínguez');
    expect(onAccount).toHaveTextContent('£1,250.00');
    expect(onAccount).toHaveTextContent('VAT 20%');
    expect(onAccount).toHaveTextContent('Issued');
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it('links each row to its PDF, its receipt when paid in full, and a Print that opens the PDF in a new tab', async () => {
    server([CREDITED, ON_ACCOUNT]);
    show();
    await screen.findByRole('table', { name: 'Invoices' });
    const [paid, unpaid] = rows();
    const download = within(paid!).getByRole('link', { name: 'Download PDF INV-000042' });
    expect(download).toHaveAttribute('href', '/api/api/invoices/42/pdf/');
    expect(download).toHaveAttribute('download');
    expect(within(paid!).getByRole('link', { name: 'Receipt INV-000042' })).toHaveAttribute(
      'href',
      '/api/api/invoices/42/pdf/?variant=receipt',
    );
    const print = within(paid!).getByRole('link', { name: 'Print INV-000042 (opens in a new tab)' });
    expect(print).toHaveAttribute('href', '/api/api/invoices/42/pdf/');
    expect(print).toHaveAttribute('target', '_blank');
    expect(print).not.toHaveAttribute('download');
    // Not paid in full: no receipt to print.
    expect(within(unpaid!).getByRole('link', { name: 'Download PDF INV-000041' })).toBeInTheDocument();
    expect(within(unpaid!).queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument();
  });

  it('puts each filter in the URL and the request, and exports the CSV of the same filters', async () => {
    const mock = server([CREDIT_NOTE, CREDITED, ON_ACCOUNT]);
    renderWithProviders(<InvoiceListPage />, { route: '/invoices', path: '/invoices' });
    await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/api/invoices/csv/',
    );

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Invoices');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Credited');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.type(screen.getByLabelText('Client'), 'elea');
    await userEvent.click(await screen.findByRole('option', { name: /Eleanor Vance/ }));
    await userEvent.type(screen.getByLabelText('Search invoices'), 'INV-0000{Enter}');
    const expected = {
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      client: '7',
      status: 'credited',
      kind: 'invoice',
      search: 'INV-0000',
    };
    await waitFor(() => expect(lastQuery(mock)).toEqual({ page: '1', page_size: '10', ...expected }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('INV-000042');
    // The same filters are the screen's address, so a reload or a shared link shows the same list.
    const address = new URL(screen.getByTestId('location').textContent!, 'http://localhost');
    expect(address.pathname).toBe('/invoices');
    expect(Object.fromEntries(address.searchParams)).toEqual(expected);
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('download');
    expect(Object.fromEntries(new URL(csv.getAttribute('href')!, 'http://localhost').searchParams)).toEqual(
      expected,
    );
    expect(new URL(csv.getAttribute('href')!, 'http://localhost').pathname).toBe('/api/api/invoices/csv/');

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Showing 1–3 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Client')).toHaveValue('');
    expect(screen.getByLabelText('Search invoices')).toHaveValue('');
  });

  it('reads its filters from the URL, names the client, and says when nothing matches', async () => {
    const mock = server([CREDITED]);
    renderWithProviders(<InvoiceListPage />, {
      route: '/invoices?client=7&status=issued&kind=invoice',
      path: '/invoices',
    });
    expect(await screen.findByText('No invoices match these filters.')).toBeInTheDocument();
    expect(lastQuery(mock)).toEqual({
      page: '1',
      page_size: '10',
      client: '7',
      status: 'issued',
      kind: 'invoice',
    });
    await waitFor(() => expect(screen.getByLabelText('Client')).toHaveValue('Eleanor Vance'));
    expect(screen.getByLabelText('Status')).toHaveValue('issued');
    expect(screen.getByLabelText('Kind')).toHaveValue('invoice');
    expect(screen.queryByRole('table', { name: 'Invoices' })).not.toBeInTheDocument();
  });

  it('says so when the shop has issued none yet', async () => {
    server([]);
    show();
    expect(
      await screen.findByText('No invoices yet: each sale issues one as it is saved.'),
    ).toBeInTheDocument();
  });

  it('pages like the other lists', async () => {
    const mock = server(Array.from({ length: 12 }, (_, i) => invoice(100 - i)));
    show();
    await screen.findByText('Showing 1–10 of 12');
    const pages = screen.getByRole('navigation', { name: 'Invoices pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–12 of 12')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('INV-000090');
    expect(lastQuery(mock)).toEqual({ page: '2', page_size: '10' });
  });

  it('shows the service’s objection to the dates at the To field, and no CSV of a refused query', async () => {
    server([CREDITED]);
    show('/invoices?date_from=2026-11-30&date_to=2026-11-01');
    expect(await screen.findByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The end date must not be before the start date.',
    );
    expect(screen.queryByText(/Failed to load invoices/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('says what failed, with a Retry that asks again', async () => {
    const mock = server([CREDITED]);
    let fail = true;
    mock.on(`GET ${INVOICES}`, () =>
      fail ? { status: 503, body: { detail: 'Try later.' } } : { body: { results: [CREDITED], count: 1 } },
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load invoices. Try later.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Invoices' });
    expect(rows()[0]).toHaveTextContent('INV-000042');
  });
});
