import { amlRefusalDetail, DEAL_ITEM_TWICE, type DealCreate, type ItemRow } from '@loupe/contracts';
import { today } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewDealPage } from '../src/features/deals/components/new-deal-page';
import { deal, ELEANOR, item } from './support/deals';

const DEALS = '/api/deals/';
const CHECK = '/api/deals/check/';

const ROLEX = item(11, { serial: 'RLX-1', brand: 'Rolex', model: 'Submariner', listingPrice: 15000 });
// Promoted at a lower price: the deal suggests the promotional price.
const OMEGA = item(12, {
  serial: 'OMG-2',
  brand: 'Omega',
  model: 'Speedmaster',
  listingPrice: 4200,
  retailPrice: 4200,
  promotion: { price: 3900, note: '', promotedAt: '2026-11-01T10:00:00Z' },
});
const SOLD = item(13, { serial: 'SLD-3', status: 'sold' });
const STOCK: ItemRow[] = [ROLEX, OMEGA, SOLD, item(14, { serial: 'RLX-14', model: 'Datejust' })];

const PASS = {
  totals: { goodsGbp: 0, partExchangeGbp: 0, dueGbp: 0, paidGbp: 0, balanceGbp: 0 },
  aml: null,
};

function server(): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    'GET /api/clients/': (call) => {
      const search = new URL(call.url, 'http://localhost').searchParams.get('search') ?? '';
      const rows = [ELEANOR].filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
      return { body: { results: rows, count: rows.length } };
    },
    'GET /api/items/by-serial/': (call) => {
      const serial = new URL(call.url, 'http://localhost').searchParams.get('serial');
      const found = STOCK.find((i) => i.serial === serial);
      return found ? { body: found } : { status: 404, body: { detail: 'Not found.' } };
    },
    'GET /api/items/': (call) => {
      const q = new URL(call.url, 'http://localhost').searchParams;
      const search = (q.get('search') ?? '').toLowerCase();
      const statuses = (q.get('status') ?? '').split(',');
      const rows = STOCK.filter(
        (i) => i.serial.toLowerCase().startsWith(search) && statuses.includes(i.status),
      );
      return { body: { results: rows, count: rows.length } };
    },
    'GET /api/items/12/': { body: OMEGA },
    [`POST ${CHECK}`]: { body: PASS },
    [`POST ${DEALS}`]: { status: 201, body: deal(77) },
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = (route = '/deals/new') => renderWithProviders(<NewDealPage />, { route, path: '/deals/new' });
const location = () => screen.getByTestId('location').textContent ?? '';
const group = (name: string | RegExp) => screen.getByRole('group', { name });
const totals = () => group('Totals');
const figure = (label: string) => {
  const term = within(totals()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert');

async function scan(serial: string) {
  await userEvent.type(screen.getByLabelText('Serial or search'), `${serial}{Enter}`);
  await screen.findByText(new RegExp(`^Added ${serial}`));
}

async function pickEleanor() {
  await userEvent.type(screen.getByRole('combobox', { name: 'Client (optional)' }), 'elea');
  await userEvent.click(await screen.findByRole('option', { name: /Eleanor Vance/ }));
}

async function addPayment(method: string, amount: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add payment' }));
  const payments = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('group');
  const last = payments[payments.length - 1] as HTMLElement;
  await userEvent.selectOptions(within(last).getByLabelText('Method'), method);
  await userEvent.clear(within(last).getByLabelText('Amount (GBP)'));
  await userEvent.type(within(last).getByLabelText('Amount (GBP)'), amount);
  return last;
}

/** Two items (one at its promotional price), a strap, a part-exchange from Eleanor. */
async function threeLinesAndPartExchange() {
  await pickEleanor();
  await scan('RLX-1');
  await scan('OMG-2');
  await userEvent.click(screen.getByRole('button', { name: 'Add other line' }));
  const other = group(/^Line 3: Other line/);
  expect(within(other).getByLabelText('Description')).toHaveFocus();
  await userEvent.type(within(other).getByLabelText('Description'), 'Leather strap');
  await userEvent.type(within(other).getByLabelText('Price (GBP)'), '250.50');
  await userEvent.selectOptions(within(other).getByLabelText('VAT'), 'Zero-rated');
  await userEvent.click(screen.getByRole('button', { name: 'Add part-exchange' }));
  const px = group(/^Line 4: Part-exchange/);
  expect(within(px).getByLabelText('Serial')).toHaveFocus();
  await userEvent.type(within(px).getByLabelText('Serial'), 'PX-9');
  await userEvent.type(within(px).getByLabelText('Brand'), 'Tudor');
  await userEvent.type(within(px).getByLabelText('Model'), 'Black Bay');
  await userEvent.type(within(px).getByLabelText('Allowance (GBP)'), '2000');
}

// The ClientPicker and the debounced check wait on real timers.
jest.setTimeout(20_000);

describe('/deals/new: the Deal screen', () => {
  it('is labelled and titled, with every control named', async () => {
    server();
    show();
    // The session is read first (the auth check), as on every screen.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('heading', { level: 1, name: 'New deal' })).toBeInTheDocument();
    expect(document.title).toBe('New deal · Loupe');
    for (const label of [
      'Client (optional)',
      'Buyer name (walk-in)',
      'Currency',
      'Date',
      'Serial or search',
      'Notes',
      'Collect by',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Date')).toHaveValue(today());
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
  });

  it('computes the balance live, exactly, for three lines, a part-exchange and a split payment', async () => {
    server();
    show();
    await threeLinesAndPartExchange();
    // Prices come from the items: the listing price, or the promotional one.
    expect(within(group(/^Line 1: Item RLX-1/)).getByLabelText('Price (GBP)')).toHaveValue('15000.00');
    expect(within(group(/^Line 2: Item OMG-2/)).getByLabelText('Price (GBP)')).toHaveValue('3900.00');
    expect(figure('Goods')).toBe('£19,150.50');
    expect(figure('Part-exchange')).toBe('-£2,000.00');
    expect(figure('Due')).toBe('£17,150.50');
    expect(figure('Balance left')).toBe('£17,150.50');

    // A price changed by hand counts at once.
    const rolexPrice = within(group(/^Line 1: Item RLX-1/)).getByLabelText('Price (GBP)');
    await userEvent.clear(rolexPrice);
    await userEvent.type(rolexPrice, '14800.10');
    expect(figure('Goods')).toBe('£18,950.60');
    expect(figure('Due')).toBe('£16,950.60');

    const cash = await addPayment('Cash', '5000');
    expect(within(cash).getByLabelText('In or out')).toHaveValue('in');
    expect(figure('Paid')).toBe('£5,000.00');
    expect(figure('Balance left')).toBe('£11,950.60');
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeDisabled();

    // The next payment is offered at what is left.
    await userEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const card = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole(
      'group',
    )[1] as HTMLElement;
    expect(within(card).getByLabelText('Amount (GBP)')).toHaveValue('11950.60');
    expect(within(card).getByLabelText('Method')).toHaveFocus();
    await userEvent.selectOptions(within(card).getByLabelText('Method'), 'Credit Card');
    expect(figure('Paid')).toBe('£16,950.60');
    expect(figure('Balance left')).toBe('£0.00');
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeEnabled();

    // Cents exactly: 0.10 + 0.20 is 0.30, not 0.30000000000000004.
    await userEvent.clear(within(card).getByLabelText('Amount (GBP)'));
    await userEvent.type(within(card).getByLabelText('Amount (GBP)'), '11950.50');
    expect(figure('Balance left')).toBe('£0.10');
    expect(screen.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
  });

  it('adds an item by search when the text is not a whole serial, and never twice', async () => {
    server();
    show();
    await userEvent.type(screen.getByLabelText('Serial or search'), 'rlx{Enter}');
    const found = await screen.findByRole('list', { name: 'Items found' });
    // Sold items are not offered.
    expect(
      within(found)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Add RLX-1 — Rolex Submariner, £15,000.00 to the deal',
      'Add RLX-14 — Rolex Datejust, £15,000.00 to the deal',
    ]);
    await userEvent.click(within(found).getByRole('button', { name: /RLX-14/ }));
    expect(group(/^Line 1: Item RLX-14/)).toBeInTheDocument();
    expect(screen.getByLabelText('Serial or search')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Serial or search'), 'RLX-14{Enter}');
    expect(await screen.findByText(`RLX-14: ${DEAL_ITEM_TWICE}`)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Serial or search'), 'SLD-3{Enter}');
    expect(await screen.findByText('SLD-3: This item has already been sold.')).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(1);
  });

  it('starts with the item the Sell dialog sent (?item=<id>)', async () => {
    server();
    show('/deals/new?item=12');
    expect(await screen.findByRole('group', { name: /^Line 1: Item OMG-2/ })).toBeInTheDocument();
    expect(figure('Goods')).toBe('£3,900.00');
  });

  it('shows the AML guard’s refusal from the check before anything is confirmed', async () => {
    const mock = server();
    const detail = amlRefusalDetail(['client']);
    mock.on(`POST ${CHECK}`, {
      body: {
        totals: PASS.totals,
        aml: {
          detail,
          rule: 'aml_cash_threshold',
          missing: ['client'],
          amountEur: 17647.06,
          linkedTotalEur: 17647.06,
        },
      },
    });
    show();
    await scan('RLX-1');
    await addPayment('Cash', '15000');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cash refused (anti-money-laundering rule).');
    expect(alert).toHaveTextContent(detail);
    expect(
      within(alert).getByText('Choose the buyer’s client record (a walk-in cannot pay this much in cash).'),
    ).toBeInTheDocument();
    const sent = mock.callsTo('POST', CHECK).at(-1)?.body as DealCreate;
    expect(sent.lines).toEqual([{ kind: 'item', itemId: 11, price: '15000.00' }]);
    expect(sent.payments).toEqual([{ method: 'Cash', amount: '15000', currency: 'GBP', direction: 'in' }]);
    expect(mock.callsTo('POST', DEALS)).toHaveLength(0);
  });

  it('checks by itself, after a pause, when the deal takes cash', async () => {
    const mock = server();
    show();
    await scan('RLX-1');
    await addPayment('Credit Card', '15000');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(mock.callsTo('POST', CHECK)).toHaveLength(0);
    const payment = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole(
      'group',
    )[0] as HTMLElement;
    await userEvent.selectOptions(within(payment).getByLabelText('Method'), 'Cash');
    await waitFor(() => expect(mock.callsTo('POST', CHECK)).toHaveLength(1), { timeout: 2000 });
    expect(await screen.findByText('Checked: the cash guard accepts this deal.')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('completes the sale with the body the service takes, then opens the deal', async () => {
    const mock = server();
    show();
    await threeLinesAndPartExchange();
    await userEvent.type(screen.getByLabelText('Notes'), 'Boxed and papers');
    await addPayment('Cash', '5000');
    await addPayment('Credit Card', '12150.50');
    await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    await waitFor(() => expect(location()).toBe('/deals/77'));
    expect(mock.callsTo('POST', DEALS)[0]?.body).toEqual({
      clientId: 7,
      currency: 'GBP',
      date: today(),
      lines: [
        { kind: 'item', itemId: 11, price: '15000.00' },
        { kind: 'item', itemId: 12, price: '3900.00' },
        { kind: 'other', description: 'Leather strap', price: '250.50', vatRate: 'zero' },
        {
          kind: 'part_exchange',
          price: '2000',
          partExchange: { serial: 'PX-9', stockType: 'Watches', brand: 'Tudor', model: 'Black Bay' },
        },
      ],
      payments: [
        { method: 'Cash', amount: '5000', currency: 'GBP', direction: 'in' },
        { method: 'Credit Card', amount: '12150.50', currency: 'GBP', direction: 'in' },
      ],
      notes: 'Boxed and papers',
      channel: 'shop',
    } satisfies DealCreate);
    expect(mock.callsTo('POST', DEALS)[0]?.headers['x-csrftoken']).toBe('t');
  });

  it('shows the service’s 400 beside the line and the payment it names, keeping what was typed', async () => {
    const mock = server();
    mock.on(`POST ${DEALS}`, {
      status: 400,
      body: {
        'lines[1].price': ['Ensure that there are no more than 2 decimal places.'],
        'payments[0].amount': ['The payments exceed the deal by £0.01.'],
      },
    });
    show();
    await scan('RLX-1');
    await scan('OMG-2');
    await addPayment('Credit Card', '18900');
    await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    const omegaPrice = within(group(/^Line 2: Item OMG-2/)).getByLabelText('Price (GBP)');
    await waitFor(() =>
      expect(errorOf(omegaPrice)).toHaveTextContent('Ensure that there are no more than 2 decimal places.'),
    );
    expect(omegaPrice).toHaveFocus();
    const amount = within(group('Payment 1')).getByLabelText('Amount (GBP)');
    expect(errorOf(amount)).toHaveTextContent('The payments exceed the deal by £0.01.');
    expect(amount).toHaveValue('18900');
    expect(errorOf(within(group(/^Line 1: Item RLX-1/)).getByLabelText('Price (GBP)'))).toBeUndefined();
    expect(location()).toBe('/deals/new');
  });

  it('shows a 409 (an item sold meanwhile) as an alert', async () => {
    const mock = server();
    mock.on(`POST ${DEALS}`, { status: 409, body: { detail: 'This item has already been sold.' } });
    show();
    await scan('RLX-1');
    await addPayment('Credit Card', '15000');
    await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This item has already been sold.');
    expect(location()).toBe('/deals/new');
  });

  it('reserves for the client until the collect-by day, the payments being the deposit', async () => {
    const mock = server();
    mock.on(`POST ${DEALS}`, { status: 201, body: deal(78, { status: 'reserved' }) });
    show();
    await scan('RLX-1');
    await addPayment('Bank Transfer', '3000');
    await userEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    // A reservation is held for a client, until a day.
    expect(errorOf(screen.getByRole('combobox', { name: 'Client (optional)' }))).toHaveTextContent(
      'A reservation needs the client it is held for.',
    );
    expect(errorOf(screen.getByLabelText('Collect by'))).toHaveTextContent(
      'Choose the day the client collects by.',
    );
    expect(mock.callsTo('POST', DEALS)).toHaveLength(0);

    await pickEleanor();
    const collectBy = screen.getByLabelText('Collect by');
    await userEvent.type(collectBy, '2099-12-24');
    await userEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(location()).toBe('/deals/78'));
    const body = mock.callsTo('POST', DEALS)[0]?.body as DealCreate;
    expect(body.reserve).toEqual({ collectBy: '2099-12-24' });
    expect(body.clientId).toBe(7);
    expect(body.payments).toEqual([
      { method: 'Bank Transfer', amount: '3000', currency: 'GBP', direction: 'in' },
    ]);
  });

  it('names what is missing before sending: a sale line, a price, a part-exchange’s client', async () => {
    const mock = server();
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Add part-exchange' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('A deal needs at least one item or other line to sell.')).toBeInTheDocument();
    const px = group(/^Line 1: Part-exchange/);
    expect(errorOf(within(px).getByLabelText('Serial'))).toHaveTextContent('Serial is required.');
    expect(errorOf(within(px).getByLabelText('Allowance (GBP)'))).toHaveTextContent('Allowance is required.');
    expect(errorOf(screen.getByRole('combobox', { name: 'Client (optional)' }))).toHaveTextContent(
      'A part-exchange needs the client it is bought from.',
    );
    expect(screen.getByRole('combobox', { name: 'Client (optional)' })).toHaveFocus();
    expect(mock.callsTo('POST', CHECK)).toHaveLength(0);

    await userEvent.click(within(px).getByRole('button', { name: /Remove/ }));
    expect(screen.queryByRole('group', { name: /^Line 1/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lines' })).toHaveFocus();
  });

  it('starts on the buyer, keeps a scan’s Enter to the item finder, and asks before unsaved changes are lost', async () => {
    const mock = server();
    show();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client (optional)' })).toHaveFocus());
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await scan('RLX-1');
    // The scanner's Enter added the item and sent nothing: the deal is not complete until Complete sale.
    expect(mock.callsTo('POST', '/api/deals/')).toHaveLength(0);
    expect(group(/^Line 1: Item RLX-1/)).toBeInTheDocument();
    expect(leave()).toBe(true);
  });
});
