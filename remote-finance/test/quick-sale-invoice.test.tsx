import { amlRefusalDetail, type Client, type QuickSale } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { today } from '@loupe/platform';
import { AddQuickSalePage } from '../src/features/entries/components/add-quick-sale-page';

const QUICK_SALES = '/api/quick-sales/';

const ELEANOR = { id: 7, name: 'Eleanor Vance', email: 'eleanor@example.com', status: 'active' } as Client;

const sale = (overrides: Partial<QuickSale>): QuickSale => ({
  id: 1,
  name: 'Strap',
  amount: 85,
  amountGbp: 85,
  currency: 'GBP',
  exchangeRate: 1,
  payment_method: 'Cash',
  notes: '',
  sale_date: '2026-03-02',
  voided: null,
  reversalOf: null,
  clientId: null,
  clientName: null,
  buyerName: '',
  invoice: null,
  ...overrides,
});

/** The quick-sale service: each save gets the next invoice number, as the server's gap-free sequence does. */
function server(recent: QuickSale[] = []): FetchMock {
  let next = 42;
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    'GET /api/clients/': (call) => {
      const search = new URL(call.url, 'http://localhost').searchParams.get('search') ?? '';
      const rows = [ELEANOR].filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
      return { body: { results: rows, count: rows.length } };
    },
    [`POST ${QUICK_SALES}`]: (call) => {
      const body = call.body as Record<string, string | number>;
      const id = next++;
      return {
        status: 201,
        body: sale({
          id,
          name: String(body.name),
          amount: Number(body.amount),
          clientId: typeof body.clientId === 'number' ? body.clientId : null,
          buyerName: typeof body.buyerName === 'string' ? body.buyerName : '',
          invoice: { id, reference: `INV-0000${id}` },
        }),
      };
    },
    [`GET ${QUICK_SALES}`]: { body: { results: recent, count: recent.length } },
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = () => renderWithProviders(<AddQuickSalePage />, { route: '/quicksales' });
const field = (label: string) => screen.getByLabelText(label);
const errorOf = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert');

async function typeSale(name: string, amount: string) {
  await userEvent.type(await screen.findByLabelText('Name'), name);
  await userEvent.type(field('Amount'), amount);
}

describe('/quicksales: the buyer and the invoice (issue 13)', () => {
  it('names no buyer unless asked, and then offers the new sale’s invoice after the save', async () => {
    const mock = server();
    show();
    expect(await screen.findByLabelText('Buyer')).toHaveValue('none');
    expect(
      within(field('Buyer'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not named', 'A client', 'A walk-in buyer']);
    expect(screen.queryByLabelText('Buyer name')).not.toBeInTheDocument();
    await typeSale('Strap, brown alligator', '1250');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));

    const saved = await screen.findByText(/Quick sale saved: /);
    expect(saved).toHaveTextContent('Quick sale saved: Strap, brown alligator, £1,250.00');
    const link = within(saved).getByRole('link', { name: 'Download invoice INV-000042' });
    expect(link).toHaveAttribute('href', '/api/api/invoices/42/pdf/');
    expect(mock.callsTo('POST', QUICK_SALES)[0]?.body).toEqual({
      name: 'Strap, brown alligator',
      amount: '1250',
      currency: 'GBP',
      payment_method: 'Cash',
      notes: '',
      date: today(),
    });
  });

  it('sends a walk-in buyer’s name, which is required once chosen', async () => {
    const mock = server();
    show();
    await typeSale('Bracelet', '300');
    await userEvent.selectOptions(await screen.findByLabelText('Buyer'), 'A walk-in buyer');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    expect(errorOf('Buyer name')).toHaveTextContent('Buyer name is required.');
    expect(mock.callsTo('POST', QUICK_SALES)).toHaveLength(0);

    await userEvent.type(field('Buyer name'), '  Ana Domínguez ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    expect(await screen.findByRole('link', { name: 'Download invoice INV-000042' })).toBeInTheDocument();
    expect(mock.callsTo('POST', QUICK_SALES)[0]?.body).toMatchObject({ buyerName: 'Ana Domínguez' });
    expect(mock.callsTo('POST', QUICK_SALES)[0]?.body).not.toHaveProperty('clientId');
    // The next sale starts with no buyer again.
    expect(field('Buyer')).toHaveValue('none');
  });

  it('sends the chosen client’s id, and shows the service’s objection to it under the Client field', async () => {
    const mock = server();
    show();
    await typeSale('Bracelet', '300');
    await userEvent.selectOptions(await screen.findByLabelText('Buyer'), 'A client');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    expect(errorOf('Client')).toHaveTextContent('Choose the client who bought.');
    expect(field('Client')).toHaveFocus();
    expect(mock.callsTo('POST', QUICK_SALES)).toHaveLength(0);

    await userEvent.type(field('Client'), 'elea');
    await userEvent.click(await screen.findByRole('option', { name: /Eleanor Vance/ }));
    expect(field('Client')).toHaveAccessibleDescription('Chosen: Eleanor Vance');

    mock.on(`POST ${QUICK_SALES}`, {
      status: 400,
      body: { clientId: ['Invalid pk "7" - object does not exist.'] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    await waitFor(() =>
      expect(errorOf('Client')).toHaveTextContent('Invalid pk "7" - object does not exist.'),
    );
    expect(mock.callsTo('POST', QUICK_SALES)[0]?.body).toMatchObject({ name: 'Bracelet', clientId: 7 });
    expect(mock.callsTo('POST', QUICK_SALES)[0]?.body).not.toHaveProperty('buyerName');
  });

  it('shows the AML guard’s refusal of a cash sale and keeps what was typed', async () => {
    const mock = server();
    const detail = amlRefusalDetail(['client']);
    mock.on(`POST ${QUICK_SALES}`, {
      status: 409,
      body: {
        detail,
        rule: 'aml_cash_threshold',
        missing: ['client'],
        amountEur: 11700,
        linkedTotalEur: 11700,
      },
    });
    show();
    await typeSale('Gold ingot', '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Cash sale refused (anti-money-laundering rule). ${detail}`);
    // What is missing, as a step to take, and the figure it was judged on.
    expect(within(alert).getByRole('list', { name: 'What is missing' })).toHaveTextContent(
      'Choose the buyer’s client record',
    );
    expect(alert).toHaveTextContent('This payment: €11,700.00.');
    expect(screen.queryByText(/Quick sale saved: /)).not.toBeInTheDocument();
    expect(field('Name')).toHaveValue('Gold ingot');
    expect(field('Amount')).toHaveValue('10000');
    expect(field('Payment Method')).toHaveValue('Cash');

    // Paid by card instead, the sale goes through and the refusal goes.
    mock.on(`POST ${QUICK_SALES}`, {
      status: 201,
      body: sale({ id: 9, invoice: { id: 9, reference: 'INV-000009' } }),
    });
    await userEvent.selectOptions(field('Payment Method'), 'Debit Card');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
    expect(await screen.findByRole('link', { name: 'Download invoice INV-000009' })).toBeInTheDocument();
    expect(screen.queryByText(detail)).not.toBeInTheDocument();
  });

  it('lists each recent sale’s buyer and invoice, linked to its PDF', async () => {
    server([
      sale({ id: 3, clientId: 7, clientName: 'Eleanor Vance', invoice: { id: 30, reference: 'INV-000030' } }),
      sale({ id: 2, buyerName: 'Walk-in Ana', invoice: { id: 29, reference: 'INV-000029' } }),
      sale({ id: 1, name: 'Old strap' }),
    ]);
    show();
    const table = await screen.findByRole('table', { name: 'Recent quick sales' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Eleanor Vance');
    expect(within(first!).getByRole('link', { name: 'Download INV-000030 (PDF)' })).toHaveAttribute(
      'href',
      '/api/api/invoices/30/pdf/',
    );
    expect(second).toHaveTextContent('Walk-in Ana');
    expect(within(second!).getByRole('link', { name: 'Download INV-000029 (PDF)' })).toHaveTextContent(
      'INV-000029',
    );
    // A sale made before invoices existed has none to offer.
    expect(within(third!).queryByRole('link', { name: /PDF/ })).not.toBeInTheDocument();
  });
});
