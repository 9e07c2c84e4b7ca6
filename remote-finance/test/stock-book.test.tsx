import {
  COSTS_NOT_ALLOWED,
  previousVatQuarter,
  vatQuarterOf,
  type StockBookPage as StockBookAnswer,
  type VatFigures,
} from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { today } from '@loupe/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StockBookPage } from '../src/features/stock-book/components/stock-book-page';

const BOOK = '/api/books/stock-book/';
const VAT = '/api/books/vat/';
const SETTINGS = '/api/shop/settings/';

const STOCK_BOOK: StockBookAnswer = {
  from: '2026-01-01',
  to: '2026-03-31',
  count: 2,
  results: [
    {
      itemId: 11,
      stockNumber: '1041',
      serial: 'CF-SOLD',
      stockType: 'Watches',
      description: 'Rolex Submariner',
      purchasedOn: '2025-11-10',
      purchaseId: 3,
      purchaseReference: 'PUR-000003',
      purchaseVoidedOn: null,
      purchasePriceGbp: 5000,
      sellerName: 'Jane Seller',
      sellerAddress: '1 High Street, Bath BA1 1AA',
      carriedForward: true,
      status: 'sold',
      sale: {
        saleId: 21,
        date: '2026-02-10',
        invoiceId: 7,
        invoiceReference: 'INV-000007',
        priceGbp: 6501,
        buyer: 'Margin Buyer',
        vatTreatment: 'margin',
        marginGbp: 1501,
        marginVatGbp: 250.17,
        vatGbp: 0,
      },
      voidedSales: [],
    },
    {
      itemId: 12,
      stockNumber: '1042',
      serial: 'Q1-VOID',
      stockType: 'Watches',
      description: 'Omega Seamaster',
      purchasedOn: '2026-01-20',
      purchaseId: null,
      purchaseReference: '',
      purchaseVoidedOn: null,
      purchasePriceGbp: 2000,
      sellerName: '',
      sellerAddress: '',
      carriedForward: false,
      status: 'available',
      sale: null,
      voidedSales: [
        {
          saleId: 20,
          date: '2026-02-01',
          invoiceReference: 'INV-000006',
          voidedOn: '2026-03-01',
          creditNoteReference: 'CN-000001',
        },
      ],
    },
  ],
};

const FIGURES: VatFigures = {
  from: '2026-01-01',
  to: '2026-03-31',
  figures: [
    { key: 'marginSales', label: 'Margin scheme sales', amountGbp: 10001, saleIds: [21, 22] },
    { key: 'positiveMargins', label: 'Margins (losses counted as 0)', amountGbp: 1501, saleIds: [21] },
    { key: 'marginVat', label: 'Output VAT on margins', amountGbp: 250.17, saleIds: [21] },
    { key: 'otherSales', label: 'Sales outside VAT (no VAT number)', amountGbp: 0, saleIds: [] },
  ],
  rows: [
    {
      saleId: 21,
      date: '2026-02-10',
      invoiceId: 7,
      invoiceReference: 'INV-000007',
      itemId: 11,
      stockNumber: '1041',
      description: 'Rolex Submariner',
      buyer: 'Margin Buyer',
      vatTreatment: 'margin',
      priceGbp: 6501,
      costGbp: 5000,
      marginGbp: 1501,
      marginVatGbp: 250.17,
      vatGbp: 0,
    },
    {
      saleId: 22,
      date: '2026-02-20',
      invoiceId: 8,
      invoiceReference: 'INV-000008',
      itemId: 13,
      stockNumber: '1043',
      description: 'Cartier Tank',
      buyer: 'Lucky Buyer',
      vatTreatment: 'margin',
      priceGbp: 3500,
      costGbp: 4000,
      marginGbp: -500,
      marginVatGbp: 0,
      vatGbp: 0,
    },
  ],
};

let mock: FetchMock;
beforeEach(() => {
  mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    [`GET ${BOOK}`]: { body: STOCK_BOOK },
    [`GET ${VAT}`]: { body: FIGURES },
    // Shop Settings' "VAT quarters end in": calendar quarters (HMRC stagger 1).
    [`GET ${SETTINGS}`]: { body: { shopId: 1, vatStagger: 1 } },
  });
  window.fetch = mock.fetch;
});

const renderPage = (route = '/reports/stock-book?period=custom&from=2026-01-01&to=2026-03-31') =>
  renderWithProviders(<StockBookPage />, { route, path: '/reports/stock-book' });

const searchOf = (call: { url: string } | undefined) => new URL(call?.url ?? '', 'http://x').searchParams;

it('shows each item with its purchase and sale side, carried forward and a voided sale', async () => {
  renderPage();
  const table = await screen.findByRole('table', { name: 'Stock book' });
  const rows = within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.children).map((c) => c.textContent));
  expect(rows).toEqual([
    ['Item', 'Bought', 'Price paid', 'Seller', 'Sold', 'Sale price', 'Buyer', 'Margin', 'VAT', 'Notes'],
    [
      '1041 CF-SOLDRolex Submariner',
      '10/11/2025PUR-000003',
      '£5,000.00',
      'Jane Seller1 High Street, Bath BA1 1AA',
      '10/02/2026INV-000007',
      '£6,501.00',
      'Margin Buyer',
      '£1,501.00',
      '£250.17',
      'Carried forward',
    ],
    [
      '1042 Q1-VOIDOmega Seamaster',
      '20/01/2026No purchase invoice',
      '£2,000.00',
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
      'Sale INV-000006 voided by CN-000001',
    ],
  ]);
  expect(searchOf(mock.callsTo('GET', BOOK)[0]).toString()).toBe(
    'date_from=2026-01-01&date_to=2026-03-31&page=1&page_size=25',
  );
  expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/api/books/stock-book/csv/?date_from=2026-01-01&date_to=2026-03-31',
  );
  expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    '/api/api/books/stock-book/pdf/?date_from=2026-01-01&date_to=2026-03-31',
  );
});

it('opens on this VAT quarter, and Last VAT quarter asks for the one before', async () => {
  renderPage('/reports/stock-book');
  await screen.findByRole('table', { name: 'Stock book' });
  const now = vatQuarterOf(today());
  expect(searchOf(mock.callsTo('GET', BOOK)[0]).get('date_from')).toBe(now.from);
  expect(searchOf(mock.callsTo('GET', BOOK)[0]).get('date_to')).toBe(now.to);
  await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last VAT quarter');
  const last = previousVatQuarter(today());
  await waitFor(() =>
    expect(
      mock
        .callsTo('GET', BOOK)
        .some((c) => searchOf(c).get('date_from') === last.from && searchOf(c).get('date_to') === last.to),
    ).toBe(true),
  );
  expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
});

it('follows the shop’s VAT stagger: this and last quarter of stagger 3 (quarters ending May, Aug, Nov, Feb)', async () => {
  mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    [`GET ${BOOK}`]: { body: STOCK_BOOK },
    [`GET ${VAT}`]: { body: FIGURES },
    [`GET ${SETTINGS}`]: { body: { shopId: 1, vatStagger: 3 } },
  });
  window.fetch = mock.fetch;
  renderPage('/reports/stock-book');
  await screen.findByRole('table', { name: 'Stock book' });
  const now = vatQuarterOf(today(), 3);
  // Never a calendar quarter first: the book is asked for once the stagger is known.
  expect(
    mock.callsTo('GET', BOOK).map((c) => [searchOf(c).get('date_from'), searchOf(c).get('date_to')]),
  ).toEqual([[now.from, now.to]]);
  expect(now).not.toEqual(vatQuarterOf(today(), 1));
  expect(searchOf(mock.callsTo('GET', VAT)[0]).get('date_from')).toBe(now.from);
  await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last VAT quarter');
  const last = previousVatQuarter(today(), 3);
  await waitFor(() =>
    expect(
      mock
        .callsTo('GET', BOOK)
        .some((c) => searchOf(c).get('date_from') === last.from && searchOf(c).get('date_to') === last.to),
    ).toBe(true),
  );
});

it('filters by sold in the period and by stock number or serial', async () => {
  renderPage();
  await screen.findByRole('table', { name: 'Stock book' });
  await userEvent.selectOptions(screen.getByLabelText('Sold in the period'), 'Not sold');
  await waitFor(() =>
    expect(mock.callsTo('GET', BOOK).some((c) => searchOf(c).get('sold') === 'unsold')).toBe(true),
  );
  await userEvent.type(screen.getByLabelText('Stock number or serial'), '1042');
  await waitFor(() =>
    expect(mock.callsTo('GET', BOOK).some((c) => searchOf(c).get('search') === '1042')).toBe(true),
  );
});

it('opens the sales a VAT figure is summed from, each invoice linked', async () => {
  renderPage();
  const figures = await screen.findByRole('table', { name: 'VAT figures' });
  expect(within(figures).getByRole('rowheader', { name: 'Output VAT on margins' })).toBeInTheDocument();
  expect(within(figures).getByText('£250.17')).toBeInTheDocument();
  await userEvent.click(
    screen.getByRole('button', { name: 'Show the 1 sale of Margins (losses counted as 0)' }),
  );
  const sales = screen.getByRole('table', { name: 'Sales in Margins (losses counted as 0)' });
  expect(within(sales).getAllByRole('row')).toHaveLength(2);
  expect(within(sales).getByRole('link', { name: 'INV-000007' })).toHaveAttribute(
    'href',
    '/api/api/invoices/7/pdf/',
  );
  // The loss is among the margin-scheme sales, not among the margins.
  await userEvent.click(screen.getByRole('button', { name: 'Show the 2 sales of Margin scheme sales' }));
  const all = screen.getByRole('table', { name: 'Sales in Margin scheme sales' });
  expect(within(all).getByText('Lucky Buyer')).toBeInTheDocument();
});

it('links the accounting exports of the period', async () => {
  renderPage();
  await screen.findByRole('table', { name: 'Stock book' });
  expect(screen.getByRole('link', { name: 'Xero: sales invoices and credit notes' })).toHaveAttribute(
    'href',
    '/api/api/books/exports/?format=xero-sales&date_from=2026-01-01&date_to=2026-03-31',
  );
  expect(screen.getByRole('link', { name: 'QuickBooks Online: invoices' })).toHaveAttribute(
    'href',
    '/api/api/books/exports/?format=qbo-invoices&date_from=2026-01-01&date_to=2026-03-31',
  );
  expect(screen.getByRole('link', { name: 'Payments in and out' })).toBeInTheDocument();
});

it('tells silver why not, and asks for nothing', async () => {
  mock.on('GET /auth-check/', { body: authCheckAs('silver') });
  renderPage();
  expect(await screen.findByText(COSTS_NOT_ALLOWED)).toBeInTheDocument();
  expect(mock.callsTo('GET', BOOK)).toHaveLength(0);
});
