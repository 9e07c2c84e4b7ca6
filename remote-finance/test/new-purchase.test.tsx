import {
  amlRefusalDetail,
  COSTS_NOT_ALLOWED,
  PURCHASE_NO_PAYMENT,
  PURCHASE_NOT_BALANCED,
  type Purchase,
  type PurchaseCreate,
  type Role,
} from '@loupe/contracts';
import { LEAVE_UNSAVED, today } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { NewPurchasePage } from '../src/features/purchases/components/new-purchase-page';
import { PurchasePage } from '../src/features/purchases/components/purchase-page';
import { installFakeXhr } from '@loupe/platform/testing';
import { purchase, SELLER, SELLER_RECORD, SETTINGS } from './support/purchases';

const CREATE = '/api/purchases/';

function withoutCertificate(saved: Purchase): Purchase {
  return {
    ...saved,
    lines: saved.lines.map((line) =>
      line.registerCheck
        ? { ...line, registerCheck: { ...line.registerCheck, certificateName: null } }
        : line,
    ),
  };
}

function server(role: Role = 'platinum'): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    'GET /api/shop/settings/': { body: SETTINGS },
    'GET /api/clients/': { body: { results: [SELLER], count: 1 } },
    'GET /api/clients/9/': { body: SELLER_RECORD },
    // Saved before its certificate is sent: the check has none yet.
    [`POST ${CREATE}`]: { status: 201, body: withoutCertificate(purchase(77)) },
    'GET /api/purchases/77/': { body: purchase(77) },
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = () =>
  renderWithProviders(<NewPurchasePage />, {
    route: '/purchases/new',
    path: '/purchases/new',
    extraRoutes: <Route path="/purchases/:id" element={<PurchasePage />} />,
  });
const item = (n: number) => screen.getByRole('group', { name: `Item ${n}` });
const checkGroup = (n: number) =>
  within(item(n)).getByRole('group', { name: /^Stolen-goods register check/ });
const confirm = () => screen.getByRole('button', { name: 'Confirm' });
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert')?.textContent;

async function pickSeller() {
  await userEvent.type(screen.getByRole('combobox', { name: 'Seller' }), 'harr');
  await userEvent.click(await screen.findByRole('option', { name: /Harriet Cole/ }));
}

/** A Rolex Submariner at `price`, with its serial. */
async function fillWatch(price: string) {
  const first = item(1);
  await userEvent.selectOptions(within(first).getByLabelText('Brand'), 'Rolex');
  await userEvent.selectOptions(within(first).getByLabelText('Model'), 'Submariner');
  await userEvent.type(within(first).getByLabelText('Serial'), 'SUB-778');
  await userEvent.type(within(first).getByLabelText('Price (GBP)'), price);
}

async function fillCheck() {
  const check = checkGroup(1);
  await userEvent.type(within(check).getByLabelText('Search reference'), 'TWR-55120');
  await userEvent.type(within(check).getByLabelText('Date of search'), today());
  await userEvent.selectOptions(within(check).getByLabelText('Result'), 'Clear (no match)');
  await userEvent.upload(
    within(check).getByLabelText('Certificate'),
    new File(['%PDF-1.4 certificate'], 'twr-55120.pdf', { type: 'application/pdf' }),
  );
}

async function payAll(method: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add payment' }));
  const payment = screen.getByRole('group', { name: 'Payment 1' });
  await userEvent.selectOptions(within(payment).getByLabelText('Method'), method);
  return payment;
}

jest.setTimeout(20_000);

describe('/purchases/new: Buy In', () => {
  it('starts on the seller, with every control named and Confirm in view', async () => {
    server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy In' })).toBeInTheDocument();
    expect(document.title).toBe('Buy In · Loupe');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Seller' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Add a client (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/clients/add',
    );
    expect(screen.getByLabelText('Seller type')).toHaveValue('private');
    for (const label of ['Stock type', 'Brand', 'Model', 'Serial', 'Price (GBP)', 'Description']) {
      expect(within(item(1)).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(item(1)).getByLabelText('Condition grade')).toBeInTheDocument();
    for (const label of ['Box', 'Papers', 'Warranty card', 'Service history', 'Extra links']) {
      expect(within(item(1)).getByRole('checkbox', { name: label })).not.toBeChecked();
    }
    expect(within(checkGroup(1)).getByLabelText('Provider')).toHaveValue('The Watch Register');
    expect(
      within(screen.getByRole('group', { name: 'Totals' })).getByRole('button', { name: 'Confirm' }),
    ).toBeEnabled();
  });

  it('offers the shop’s own catalogue: brand, then that brand’s models, retired ones left out', async () => {
    const mock = server();
    const model = (id: number, name: string, retired = false) => ({ id, name, retired, itemCount: 0 });
    mock.on('GET /api/catalogue/', {
      body: {
        brands: [
          { id: 1, name: 'Breguet', retired: true, itemCount: 0, models: [model(1, 'Classique')] },
          {
            id: 2,
            name: 'Patek Philippe',
            retired: false,
            itemCount: 0,
            models: [model(2, 'Nautilus'), model(3, 'Aquanaut'), model(4, 'Ellipse', true)],
          },
          { id: 3, name: 'Rolex', retired: false, itemCount: 0, models: [model(5, 'Sea-Dweller')] },
        ],
      },
    });
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    const brand = within(item(1)).getByLabelText('Brand');
    await waitFor(() =>
      expect(
        within(brand)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No brand', 'Patek Philippe', 'Rolex']),
    );
    expect(within(item(1)).getByLabelText('Model')).toBeDisabled();
    await userEvent.selectOptions(brand, 'Patek Philippe');
    const models = within(within(item(1)).getByLabelText('Model')).getAllByRole('option');
    expect(models.map((option) => option.textContent)).toEqual(['Choose a model', 'Nautilus', 'Aquanaut']);
  });

  it('tells a silver member why they cannot buy in (the price paid is a cost)', async () => {
    server('silver');
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await waitFor(() => expect(confirm()).toBeDisabled());
    expect(confirm()).toHaveAccessibleDescription(
      `Buying in records what the shop paid. ${COSTS_NOT_ALLOWED}`,
    );
  });

  it('shows the chosen seller’s address', async () => {
    server();
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await pickSeller();
    expect(await screen.findByText('12 Mill Lane, Bath, BA1 1AA')).toBeInTheDocument();
    expect(errorOf(screen.getByRole('combobox', { name: 'Seller' }))).toBeUndefined();
  });

  it('refuses a seller without a postal address, with a link to add it', async () => {
    const mock = server();
    mock.on('GET /api/clients/9/', { body: { ...SELLER_RECORD, addressLine1: '', town: '', postcode: '' } });
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await pickSeller();
    const missing =
      'Harriet Cole has no postal address, which the purchase invoice must print: add it on their client record, then confirm.';
    await waitFor(() => expect(errorOf(screen.getByRole('combobox', { name: 'Seller' }))).toBe(missing));
    expect(
      screen.getByRole('link', { name: 'Add Harriet Cole’s address (opens in a new tab)' }),
    ).toHaveAttribute('href', '/clients/edit/9');
    await fillWatch('500');
    await payAll('Bank Transfer');
    await userEvent.click(confirm());
    expect(screen.getByRole('combobox', { name: 'Seller' })).toHaveFocus();
    expect(mock.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('refuses to send what is missing, with each message beside its field and the focus on the first', async () => {
    const mock = server();
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await userEvent.click(confirm());
    expect(errorOf(screen.getByRole('combobox', { name: 'Seller' }))).toBe(
      'Choose the seller: a client with their postal address.',
    );
    expect(screen.getByRole('combobox', { name: 'Seller' })).toHaveFocus();
    expect(errorOf(within(item(1)).getByLabelText('Serial'))).toBe('Serial is required.');
    expect(errorOf(within(item(1)).getByLabelText('Price (GBP)'))).toBe('Price is required.');
    expect(screen.getByText(PURCHASE_NO_PAYMENT)).toBeInTheDocument();
    expect(mock.callsTo('POST', CREATE)).toHaveLength(0);

    // The payments out must settle the total exactly.
    await pickSeller();
    await fillWatch('800');
    const payment = await payAll('Cash');
    expect(within(payment).getByLabelText('Amount (GBP)')).toHaveValue('800.00');
    await userEvent.clear(within(payment).getByLabelText('Amount (GBP)'));
    await userEvent.type(within(payment).getByLabelText('Amount (GBP)'), '700');
    await userEvent.click(confirm());
    expect(screen.getByText(PURCHASE_NOT_BALANCED('800.00', '700.00'))).toBeInTheDocument();
    expect(mock.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('marks the register check required once a watch is priced at the shop’s threshold, and asks for it', async () => {
    const mock = server();
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await pickSeller();
    await fillWatch('999.99');
    await waitFor(() =>
      expect(within(item(1)).getByLabelText('Price (GBP)')).toHaveAccessibleDescription(
        'A register check is required from £1,000.00.',
      ),
    );
    expect(checkGroup(1)).toHaveAccessibleName('Stolen-goods register check');
    const price = within(item(1)).getByLabelText('Price (GBP)');
    await userEvent.clear(price);
    await userEvent.type(price, '1000');
    expect(checkGroup(1)).toHaveAccessibleName('Stolen-goods register check (required)');
    expect(checkGroup(1)).toHaveAccessibleDescription(
      'Required: the price is at or above the shop’s threshold of £1,000.00.',
    );
    const payment = await payAll('Bank Transfer');
    expect(within(payment).getByLabelText('Amount (GBP)')).toHaveValue('1000.00');
    await userEvent.click(confirm());
    const check = checkGroup(1);
    expect(errorOf(within(check).getByLabelText('Search reference'))).toBe('Search reference is required.');
    expect(within(check).getByLabelText('Search reference')).toHaveFocus();
    expect(errorOf(within(check).getByLabelText('Date of search'))).toBe('Date of the search is required.');
    expect(errorOf(within(check).getByLabelText('Result'))).toBe('Choose the result.');
    expect(within(check).getByText('Attach the certificate.')).toBeInTheDocument();
    expect(mock.callsTo('POST', CREATE)).toHaveLength(0);

    // A jewellery line at the same price asks for no check.
    await userEvent.selectOptions(within(item(1)).getByLabelText('Stock type'), 'Jewellery');
    expect(within(item(1)).queryByRole('group', { name: /register check/ })).not.toBeInTheDocument();
  });

  it('shows the service’s 409 next to what is missing, keeping everything typed', async () => {
    const mock = server();
    const missing =
      'Line 1 (Rolex Submariner SUB-778): a stolen-goods register check is required for a watch of £1,000.00 or more.';
    mock.on(`POST ${CREATE}`, {
      status: 409,
      body: {
        detail: 'Due diligence is missing.',
        missing: [
          { rule: 'register_check', line: 1, detail: missing },
          { rule: 'seller_identity', line: null, detail: 'The seller’s identity document must be on file.' },
        ],
      },
    });
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await pickSeller();
    // Below the threshold the browser lets it go; the service (whose threshold is newer) refuses it.
    await fillWatch('900');
    await payAll('Bank Transfer');
    await userEvent.click(confirm());
    expect(await within(checkGroup(1)).findByText(missing)).toHaveAttribute('role', 'alert');
    expect(errorOf(screen.getByRole('combobox', { name: 'Seller' }))).toBe(
      'The seller’s identity document must be on file.',
    );
    expect(screen.getByText('Due diligence is missing.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('combobox', { name: 'Seller' })).toHaveFocus();
    expect(within(item(1)).getByLabelText('Serial')).toHaveValue('SUB-778');
    expect(within(item(1)).getByLabelText('Price (GBP)')).toHaveValue('900');
    expect(within(item(1)).getByLabelText('Model')).toHaveValue('Submariner');
  });

  it('shows the service’s 400 beside the field of the row it names, by that row, with the focus on it', async () => {
    const mock = server();
    mock.on(`POST ${CREATE}`, {
      status: 400,
      body: { 'lines[1].serial': ['An item with this serial is already in stock.'] },
    });
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await pickSeller();
    await fillWatch('900');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await userEvent.selectOptions(within(item(2)).getByLabelText('Stock type'), 'Accessories');
    await userEvent.type(within(item(2)).getByLabelText('Serial'), 'STRAP-1');
    await userEvent.type(within(item(2)).getByLabelText('Price (GBP)'), '100');
    await payAll('Bank Transfer');
    await userEvent.click(confirm());
    const serial = within(item(2)).getByLabelText('Serial');
    await waitFor(() => expect(errorOf(serial)).toBe('An item with this serial is already in stock.'));
    expect(serial).toHaveFocus();
    expect(errorOf(within(item(1)).getByLabelText('Serial'))).toBeUndefined();
    // Typing in it takes the message back; what was typed stays.
    await userEvent.type(serial, 'B');
    expect(errorOf(serial)).toBeUndefined();
    expect(within(item(1)).getByLabelText('Price (GBP)')).toHaveValue('900');
  });

  it('asks before unsaved changes are left, and stays when told to', async () => {
    server();
    const ask = jest.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      show();
      await screen.findByRole('heading', { level: 1, name: 'Buy In' });
      await userEvent.type(within(item(1)).getByLabelText('Serial'), 'SUB-778');
      await userEvent.click(screen.getByRole('link', { name: 'All purchases' }));
      expect(ask).toHaveBeenCalledWith(LEAVE_UNSAVED);
      expect(screen.getByTestId('location').textContent).toBe('/purchases/new');
      expect(within(item(1)).getByLabelText('Serial')).toHaveValue('SUB-778');
    } finally {
      ask.mockRestore();
    }
  });

  it('asks the service before Confirm and says what due diligence and the AML guard would refuse', async () => {
    const mock = server();
    const identity = 'The seller’s identity document must be on file for a purchase of £1,000.00 or more.';
    const detail = amlRefusalDetail(['identity_document']);
    mock.on('POST /api/purchases/check/', {
      body: {
        totalGbp: 12000,
        paidGbp: 12000,
        missing: [{ rule: 'seller_identity', line: null, detail: identity }],
        aml: {
          detail,
          rule: 'aml_cash_threshold',
          missing: ['identity_document'],
          amountEur: 14000,
          linkedTotalEur: 14000,
        },
      },
    });
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await pickSeller();
    await userEvent.selectOptions(within(item(1)).getByLabelText('Stock type'), 'Jewellery');
    await userEvent.type(within(item(1)).getByLabelText('Serial'), 'RING-1');
    await userEvent.type(within(item(1)).getByLabelText('Price (GBP)'), '12000');
    await payAll('Cash');
    expect(await screen.findByText(identity, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(
      screen
        .getByText('The cash paid out would be refused (anti-money-laundering rule).')
        .closest('[role="alert"]'),
    ).toHaveTextContent(detail);
    const asked = mock.callsTo('POST', '/api/purchases/check/').at(-1)?.body as PurchaseCreate;
    expect(asked.payments).toEqual([{ method: 'Cash', amount: '12000.00', currency: 'GBP' }]);
    expect(mock.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('shows the AML guard’s refusal of cash paid out', async () => {
    const mock = server();
    const detail = amlRefusalDetail(['identity_document']);
    mock.on(`POST ${CREATE}`, {
      status: 409,
      body: {
        detail,
        rule: 'aml_cash_threshold',
        missing: ['identity_document'],
        amountEur: 10000,
        linkedTotalEur: 10000,
      },
    });
    show();
    await screen.findByRole('heading', { level: 1, name: 'Buy In' });
    await pickSeller();
    await userEvent.selectOptions(within(item(1)).getByLabelText('Stock type'), 'Jewellery');
    await userEvent.type(within(item(1)).getByLabelText('Serial'), 'RING-1');
    await userEvent.type(within(item(1)).getByLabelText('Price (GBP)'), '8000');
    await payAll('Cash');
    await userEvent.click(confirm());
    const alert = await screen.findByText('Cash refused (anti-money-laundering rule).');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(detail);
    expect(within(item(1)).getByLabelText('Serial')).toHaveValue('RING-1');
  });

  it('saves the buy-in, attaches the certificate to its line and opens the purchase', async () => {
    const mock = server();
    const xhr = installFakeXhr(() => ({ status: 201, body: purchase(77) }));
    try {
      show();
      await screen.findByRole('heading', { level: 1, name: 'Buy In' });
      await pickSeller();
      await userEvent.selectOptions(screen.getByLabelText('Seller type'), 'Trade');
      await fillWatch('6,000');
      await userEvent.selectOptions(within(item(1)).getByLabelText('Condition grade'), 'Very good');
      await userEvent.click(within(item(1)).getByRole('checkbox', { name: 'Box' }));
      await userEvent.click(within(item(1)).getByRole('checkbox', { name: 'Papers' }));
      await userEvent.type(within(item(1)).getByLabelText('Intake notes'), 'Light marks');
      await fillCheck();
      await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
      expect(within(item(2)).getByLabelText('Stock type')).toHaveFocus();
      await userEvent.selectOptions(within(item(2)).getByLabelText('Stock type'), 'Accessories');
      await userEvent.type(within(item(2)).getByLabelText('Serial'), 'STRAP-1');
      await userEvent.type(within(item(2)).getByLabelText('Price (GBP)'), '200');
      const totals = screen.getByRole('group', { name: 'Totals' });
      expect(totals).toHaveTextContent('Total£6,200.00');
      const payment = await payAll('Bank Transfer');
      expect(within(payment).getByLabelText('Amount (GBP)')).toHaveValue('6200.00');
      expect(totals).toHaveTextContent('Left to pay£0.00');
      await userEvent.click(confirm());

      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/purchases/77'));
      expect(
        await screen.findByText('Purchase PUR-000077 saved: Stock no. 1042, Stock no. 1043 in stock.'),
      ).toHaveAttribute('role', 'status');
      expect(screen.getByRole('heading', { level: 1, name: 'Purchase PUR-000077' })).toHaveFocus();
      const body = mock.callsTo('POST', CREATE)[0]?.body as PurchaseCreate;
      expect(body).toEqual({
        sellerId: 9,
        sellerKind: 'trade',
        date: today(),
        lines: [
          {
            stockType: 'Watches',
            brand: 'Rolex',
            model: 'Submariner',
            serial: 'SUB-778',
            price: '6,000',
            intake: {
              conditionGrade: 'very_good',
              box: true,
              papers: true,
              warrantyCard: false,
              serviceHistory: false,
              extraLinks: false,
              notes: 'Light marks',
            },
            registerCheck: {
              provider: 'The Watch Register',
              searchReference: 'TWR-55120',
              checkedOn: today(),
              result: 'clear',
            },
          },
          {
            stockType: 'Accessories',
            serial: 'STRAP-1',
            price: '200',
            intake: {
              conditionGrade: null,
              box: false,
              papers: false,
              warrantyCard: false,
              serviceHistory: false,
              extraLinks: false,
            },
          },
        ],
        payments: [{ method: 'Bank Transfer', amount: '6200.00', currency: 'GBP' }],
      });
      expect(xhr.sent).toHaveLength(1);
      expect(xhr.sent[0]?.url).toBe('/api/api/purchases/77/lines/501/certificate/');
      expect((xhr.sent[0]?.body.get('file') as File).name).toBe('twr-55120.pdf');
    } finally {
      xhr.restore();
    }
  });
});
