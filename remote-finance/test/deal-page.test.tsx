import type { Deal, Role } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DealListPage } from '../src/features/deals/components/deal-list-page';
import { DealPage } from '../src/features/deals/components/deal-page';
import { deal, reservedDeal } from './support/deals';

const DETAIL = (id: number) => `/api/deals/${id}/`;

function server(shown: Deal, role: Role = 'gold'): FetchMock {
  let current = shown;
  const answer = (next: Deal) => {
    current = next;
    return { body: next };
  };
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${DETAIL(shown.id)}`]: () => ({ body: current }),
    [`POST /api/deals/${shown.id}/payments/`]: () =>
      answer({
        ...current,
        payments: [
          ...current.payments,
          { ...current.payments[0]!, id: 6, kind: 'instalment', amount: 12000 },
        ],
        totals: { ...current.totals, paidGbp: 15000, balanceGbp: 0 },
      }),
    [`POST /api/deals/${shown.id}/complete/`]: () =>
      answer({
        ...current,
        status: 'completed',
        completedOn: '2026-11-25',
        invoice: { id: 90, reference: 'INV-000090' },
        totals: { ...current.totals, paidGbp: current.totals.dueGbp, balanceGbp: 0 },
      }),
    [`POST /api/deals/${shown.id}/cancel/`]: (call) =>
      answer({
        ...current,
        status: 'cancelled',
        cancelledOn: '2026-11-25',
        cancelOutcome: 'forfeit',
        cancelReason: String((call.body as { reason: string }).reason),
      }),
    [`POST /api/deals/${shown.id}/void/`]: () =>
      answer({ ...current, status: 'voided', creditNote: { id: 91, reference: 'CN-000091' } }),
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = (id: number) => renderWithProviders(<DealPage />, { route: `/deals/${id}`, path: '/deals/:id' });
const dialog = (name: string) => screen.getByRole('dialog', { name });
const cells = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

describe('/deals/:id', () => {
  it('shows a completed deal: lines, payments, totals and its invoice, receipt and print links', async () => {
    server(deal(5));
    show(5);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deal D-5' })).toBeInTheDocument();
    expect(document.title).toBe('Deal D-5 · Loupe');
    expect(cells('Lines')).toEqual([
      ['Item', 'RLX-1', 'Rolex Submariner', '£15,000.00', 'Margin scheme'],
      ['Other', '—', 'Leather strap', '£250.50', 'VAT 20% (£41.75)'],
      ['Part-exchange', 'PX-9', 'Tudor Black Bay', '-£2,000.00', '—'],
    ]);
    expect(cells('Payments')).toEqual([
      ['20 Nov 2026', 'Payment', 'Cash', 'In', '£5,000.00', '£5,000.00'],
      ['20 Nov 2026', 'Payment', 'Credit Card', 'In', '£8,250.50', '£8,250.50'],
    ]);
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(totals).toHaveTextContent('Due£13,250.50');
    expect(totals).toHaveTextContent('Balance left£0.00');
    expect(screen.getByRole('link', { name: 'Download invoice INV-000042' })).toHaveAttribute(
      'href',
      '/api/api/invoices/42/pdf/',
    );
    expect(screen.getByRole('link', { name: 'Download receipt INV-000042' })).toHaveAttribute(
      'href',
      '/api/api/invoices/42/pdf/?variant=receipt',
    );
    expect(screen.getByRole('link', { name: /Print INV-000042/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Take payment' })).not.toBeInTheDocument();
  });

  it('voids a completed deal behind a confirmation that asks why', async () => {
    const mock = server(deal(5));
    show(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Void deal' }));
    const confirm = dialog('Void deal');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Void' }));
    expect(within(confirm).getByText('Give a reason for the void.')).toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/deals/5/void/')).toHaveLength(0);
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Keyed to the wrong client');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText(/Deal voided: .* credit note CN-000091 is issued\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(mock.callsTo('POST', '/api/deals/5/void/')[0]?.body).toEqual({
      reason: 'Keyed to the wrong client',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Deal D-5' })).toHaveFocus();
  });

  it('lets silver see why a deal cannot be voided by them', async () => {
    server(deal(5), 'silver');
    show(5);
    const button = await screen.findByRole('button', { name: 'Void deal' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription('Only platinum and gold members can void entries.');
  });

  it('takes an instalment on a reservation, offered at the balance left', async () => {
    const mock = server(reservedDeal(6));
    show(6);
    expect(await screen.findByText('Reserved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void deal' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take payment' }));
    const pay = dialog('Take payment');
    expect(within(pay).getByLabelText('Amount (GBP)')).toHaveValue('12000.00');
    // A deposit or an instalment is money in only.
    expect(within(pay).queryByLabelText('In or out')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(pay).getByLabelText('Method'), 'Debit Card');
    await userEvent.click(within(pay).getByRole('button', { name: 'Take payment' }));
    expect(await screen.findByText('Payment taken. Balance left £0.00.')).toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/deals/6/payments/')[0]?.body).toEqual({
      payment: { method: 'Debit Card', amount: '12000.00', currency: 'GBP', direction: 'in' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('completes a reservation with its last payment, and shows the invoice it issued', async () => {
    const mock = server(reservedDeal(6));
    show(6);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete sale' }));
    const complete = dialog('Complete sale');
    expect(complete).toHaveTextContent('Balance left: £12,000.00');
    await userEvent.selectOptions(within(complete).getByLabelText('Method'), 'Bank Transfer');
    await userEvent.click(within(complete).getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('Sale complete. Invoice INV-000090 issued.')).toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/deals/6/complete/')[0]?.body).toEqual({
      payments: [{ method: 'Bank Transfer', amount: '12000.00', currency: 'GBP', direction: 'in' }],
    });
    expect(await screen.findByRole('link', { name: 'Download invoice INV-000090' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Void deal' })).toBeInTheDocument();
  });

  it('shows the AML guard’s refusal of an instalment in the dialog, keeping what was typed', async () => {
    const mock = server(reservedDeal(6));
    mock.on('POST /api/deals/6/payments/', {
      status: 409,
      body: {
        detail: 'Cash of €10,000 or more needs customer due diligence.',
        rule: 'aml_cash_threshold',
        missing: ['verification'],
        amountEur: 14117.65,
        linkedTotalEur: 14117.65,
      },
    });
    show(6);
    await userEvent.click(await screen.findByRole('button', { name: 'Take payment' }));
    const pay = dialog('Take payment');
    await userEvent.click(within(pay).getByRole('button', { name: 'Take payment' }));
    expect(await within(pay).findByRole('alert')).toHaveTextContent(
      'Cash refused (anti-money-laundering rule).',
    );
    expect(within(pay).getByLabelText('Amount (GBP)')).toHaveValue('12000.00');
  });

  it('checks an instalment before sending and shows the service’s 400 at its field, the focus on it', async () => {
    const mock = server(reservedDeal(6));
    mock.on('POST /api/deals/6/payments/', {
      status: 400,
      body: { 'payment.amount': ['Ensure this value is no more than the balance left.'] },
    });
    show(6);
    await userEvent.click(await screen.findByRole('button', { name: 'Take payment' }));
    const pay = dialog('Take payment');
    const amount = within(pay).getByLabelText('Amount (GBP)');
    await userEvent.clear(amount);
    await userEvent.click(within(pay).getByRole('button', { name: 'Take payment' }));
    expect(within(pay).getByText('Amount is required.')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(mock.callsTo('POST', '/api/deals/6/payments/')).toHaveLength(0);
    await userEvent.type(amount, '20,000');
    expect(within(pay).queryByText('Amount is required.')).not.toBeInTheDocument();
    await userEvent.click(within(pay).getByRole('button', { name: 'Take payment' }));
    expect(
      await within(pay).findByText('Ensure this value is no more than the balance left.'),
    ).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(amount).toHaveValue('20,000');
    expect(mock.callsTo('POST', '/api/deals/6/payments/')[0]?.body).toMatchObject({
      payment: { amount: '20,000' },
    });
  });

  it('cancels a reservation only with a reason, behind a confirmation', async () => {
    const mock = server(reservedDeal(6));
    show(6);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel reservation' }));
    let cancel = dialog('Cancel reservation');
    await userEvent.click(within(cancel).getByRole('button', { name: 'Keep reservation' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    cancel = dialog('Cancel reservation');
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel reservation' }));
    expect(within(cancel).getByText('Say why the reservation is cancelled.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(mock.callsTo('POST', '/api/deals/6/cancel/')).toHaveLength(0);
    await userEvent.type(within(cancel).getByLabelText('Reason'), 'Client changed their mind');
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel reservation' }));
    expect(
      await screen.findByText(
        'Reservation cancelled. The items are back in stock; the £3,000.00 paid is kept (forfeit).',
      ),
    ).toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/deals/6/cancel/')[0]?.body).toEqual({
      reason: 'Client changed their mind',
    });
    expect(await screen.findByText(/Client changed their mind/, { selector: 'dd' })).toBeInTheDocument();
  });

  it('says so for a deal that is not the shop’s', async () => {
    server(deal(5));
    show(404);
    expect(await screen.findByText(/No such deal in this shop\./)).toBeInTheDocument();
  });

  it('says not found for an address whose id is not a number, asking the service nothing', async () => {
    const mock = server(deal(5));
    renderWithProviders(<DealPage />, { route: '/deals/5x', path: '/deals/:id' });
    expect(await screen.findByText(/No such deal in this shop\./)).toBeInTheDocument();
    expect(mock.calls.filter((call) => call.path.startsWith('/api/deals/'))).toEqual([]);
  });
});

describe('/deals', () => {
  function listServer(rows: Deal[]) {
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('silver') },
      'GET /api/deals/': (call) => {
        const q = new URL(call.url, 'http://localhost').searchParams;
        const found = rows.filter(
          (d) =>
            (!q.get('status') || d.status === q.get('status')) && (q.get('overdue') !== 'true' || d.overdue),
        );
        return { body: { results: found, count: found.length } };
      },
    });
    window.fetch = mock.fetch;
    return mock;
  }

  it('lists each deal: reference (opening it), date, buyer, channel, status, total and balance; filters in the URL', async () => {
    const mock = listServer([reservedDeal(6, { overdue: true, buyerName: 'Ana Domínguez' }), deal(5)]);
    renderWithProviders(<DealListPage />, { route: '/deals', path: '/deals' });
    expect(await screen.findByRole('table', { name: 'Deals' })).toBeInTheDocument();
    expect(cells('Deals')).toEqual([
      [
        'D-6',
        '20 Nov 2026',
        'Ana Domínguez',
        'Shop',
        'ReservedOverdue since 30 Nov 2026',
        '£15,000.00',
        '£12,000.00',
      ],
      ['D-5', '20 Nov 2026', 'Eleanor Vance', 'Shop', 'CompletedINV-000042', '£13,250.50', '£0.00'],
    ]);
    expect(screen.getByRole('link', { name: 'D-6' })).toHaveAttribute('href', '/deals/6');
    expect(screen.getByRole('link', { name: 'New deal' })).toHaveAttribute('href', '/deals/new');

    await userEvent.selectOptions(screen.getByLabelText('Overdue'), 'Overdue layaways only');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/deals?overdue=true'));
    await waitFor(() => expect(cells('Deals')).toHaveLength(1));
    expect(
      Object.fromEntries(
        new URL(mock.callsTo('GET', '/api/deals/').at(-1)!.url, 'http://localhost').searchParams,
      ),
    ).toEqual({ page: '1', page_size: '10', overdue: 'true' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await waitFor(() => expect(screen.getByText('No deals match these filters.')).toBeInTheDocument());
  });
});
