import { PURCHASE_ITEM_GONE, type Purchase, type Role } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PurchasePage } from '../src/features/purchases/components/purchase-page';
import { installFakeXhr } from '@loupe/platform/testing';
import { purchase } from './support/purchases';

const DETAIL = (id: number) => `/api/purchases/${id}/`;
const VOID = (id: number) => `/api/purchases/${id}/void/`;

function server(shown: Purchase, role: Role = 'gold'): FetchMock {
  let current = shown;
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${DETAIL(shown.id)}`]: () => ({ body: current }),
    [`POST ${VOID(shown.id)}`]: (call) => {
      current = {
        ...current,
        status: 'voided',
        voidedOn: '2026-11-25',
        voidReason: String((call.body as { reason: string }).reason),
      };
      return { body: current };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = (id: number) =>
  renderWithProviders(<PurchasePage />, { route: `/purchases/${id}`, path: '/purchases/:id' });
const cells = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

jest.setTimeout(20_000);

describe('/purchases/:id', () => {
  it('shows the seller with their address, the items with stock numbers, the checks, payments and the PDF', async () => {
    server(purchase(5));
    show(5);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase PUR-000005' })).toBeInTheDocument();
    expect(document.title).toBe('Purchase PUR-000005 · Loupe');
    expect(fact('Status')).toBe('Completed');
    expect(fact('Seller')).toBe('Harriet Cole (Private seller)');
    expect(fact('Address')).toBe('12 Mill Lane\nBath\nBA1 1AA\nUnited Kingdom');
    expect(fact('Total')).toBe('£6,200.00');
    expect(cells('Items')).toEqual([
      [
        'Stock no. 1042 (open the item)',
        'SUB-778',
        'Rolex SubmarinerSteel, 2019Condition very good. With box, papers, extra links. Light desk-diving marks',
        '£6,000.00',
      ],
      ['Stock no. 1043 (open the item)', 'STRAP-1', 'AccessoriesLeather strapNo box or papers', '£200.00'],
    ]);
    expect(screen.getByRole('link', { name: 'Stock no. 1042 (open the item)' })).toHaveAttribute(
      'href',
      '/inventory/item/41',
    );
    expect(cells('Register checks')).toEqual([
      [
        'Stock no. 1042',
        'The Watch Register',
        'TWR-55120',
        '20 Nov 2026',
        'Clear (no match)',
        'twr-55120.pdf (certificate of Stock no. 1042)',
      ],
    ]);
    expect(
      screen.getByRole('link', { name: 'twr-55120.pdf (certificate of Stock no. 1042)' }),
    ).toHaveAttribute('href', '/api/api/purchases/5/lines/501/certificate/');
    expect(cells('Payments out')).toEqual([
      ['Bank Transfer', '£6,000.00', '—', '£6,000.00'],
      ['Cash', '€250.00', '£0.8', '£200.00'],
    ]);
    expect(screen.getByRole('link', { name: 'Purchase invoice (PDF)' })).toHaveAttribute(
      'href',
      '/api/api/purchases/5/pdf/',
    );
  });

  it('voids the purchase behind a confirmation that asks why', async () => {
    const mock = server(purchase(5));
    show(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Void purchase' }));
    const confirm = screen.getByRole('dialog', { name: 'Void purchase' });
    expect(confirm).toHaveTextContent('Stock no. 1042, Stock no. 1043');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Void' }));
    expect(within(confirm).getByText('Give a reason for the void.')).toBeInTheDocument();
    expect(mock.callsTo('POST', VOID(5))).toHaveLength(0);
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Seller changed their mind');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Void' }));
    expect(
      await screen.findByText(
        'Purchase voided: its items have left stock and its payments out are reversed.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(mock.callsTo('POST', VOID(5))[0]?.body).toEqual({ reason: 'Seller changed their mind' });
    expect(fact('Status')).toBe('Voided');
    expect(fact('Voided')).toBe('25 Nov 2026 — Seller changed their mind');
    expect(screen.queryByRole('button', { name: 'Void purchase' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Purchase PUR-000005' })).toHaveFocus(),
    );
  });

  it('shows the refusal when an item is no longer in stock, with the reason kept', async () => {
    const mock = server(purchase(5));
    const refusal = PURCHASE_ITEM_GONE(1042, 'sold');
    mock.on(`POST ${VOID(5)}`, { status: 409, body: { detail: refusal } });
    show(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Void purchase' }));
    const confirm = screen.getByRole('dialog', { name: 'Void purchase' });
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Wrong seller');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Void' }));
    expect(await within(confirm).findByText(refusal)).toBeInTheDocument();
    expect(within(confirm).getByLabelText('Reason')).toHaveValue('Wrong seller');
    expect(fact('Status')).toBe('Completed');
  });

  it('lets silver see why they cannot void it', async () => {
    server(purchase(5), 'silver');
    show(5);
    const button = await screen.findByRole('button', { name: 'Void purchase' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Only platinum and gold members can void entries.');
  });

  it('attaches a certificate a check was saved without', async () => {
    const saved = purchase(5);
    const first = saved.lines[0]!;
    const bare = {
      ...saved,
      lines: [{ ...first, registerCheck: { ...first.registerCheck!, certificateName: null } }],
    };
    server(bare);
    const xhr = installFakeXhr(() => ({ status: 201, body: { ...saved, lines: [first] } }));
    try {
      show(5);
      const input = await screen.findByLabelText('Certificate for Stock no. 1042');
      const attach = screen.getByRole('button', { name: 'Attach certificate for stock no. 1042' });
      expect(attach).toBeDisabled();
      await userEvent.upload(input, new File(['%PDF-1.4'], 'late.pdf', { type: 'application/pdf' }));
      await userEvent.click(attach);
      expect(
        await screen.findByRole('link', { name: 'twr-55120.pdf (certificate of Stock no. 1042)' }),
      ).toBeInTheDocument();
      expect(xhr.sent[0]?.url).toBe('/api/api/purchases/5/lines/501/certificate/');
    } finally {
      xhr.restore();
    }
  });

  it('says so when there is no such purchase', async () => {
    const mock = server(purchase(5));
    mock.on(`GET ${DETAIL(6)}`, { status: 404, body: { detail: 'Not found.' } });
    show(6);
    expect(await screen.findByText(/No such purchase in this shop\./)).toBeInTheDocument();
  });
  it('shows an Add Item purchase with no seller on file and the checks it still lacks', async () => {
    const base = purchase(8);
    server({
      ...base,
      source: 'item_form',
      sellerId: null,
      sellerName: '',
      sellerAddress: [],
      lines: base.lines.slice(0, 1).map((l) => ({ ...l, registerCheck: null })),
      outstanding: [
        { rule: 'seller_identity', line: null, detail: 'The seller identity is missing.' },
        { rule: 'register_check', line: 1, detail: 'Line 1 (Rolex Submariner): a check is required.' },
      ],
    });
    show(8);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase PUR-000008' })).toBeInTheDocument();
    expect(fact('Seller')).toBe('Not on file (Private seller)');
    expect(fact('Entered on')).toBe('Add Inventory Item');
    const outstanding = screen.getByRole('region', { name: 'Checks outstanding' });
    expect(
      within(outstanding)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['The seller identity is missing.', 'Line 1 (Rolex Submariner): a check is required.']);
  });

  it('shows no outstanding checks for a Buy In', async () => {
    server(purchase(9));
    show(9);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase PUR-000009' })).toBeInTheDocument();
    expect(fact('Entered on')).toBe('Buy In');
    expect(screen.queryByRole('region', { name: 'Checks outstanding' })).not.toBeInTheDocument();
  });
});
