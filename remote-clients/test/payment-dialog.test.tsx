import { PAYMENT_METHODS } from '@loupe/contracts';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { today } from '@loupe/platform';
import { ClientListPage } from '../src/features/clients/components/client-list-page';
import { FakeClientsServer, makeClient } from './support/fake-clients';

const ADA = makeClient(1, 'Ada Lovelace', { balance: -1234.5 });
const BRIAN = makeClient(2, 'Brian Eno', { balance: 250 });
const LEDGER = '/api/clients/1/ledger/';

const renderList = () => renderWithProviders(<ClientListPage />, { route: '/clients' });
const row = (name: string) =>
  within(screen.getByRole('table', { name: 'Clients' }))
    .getByRole('rowheader', { name })
    .closest('tr') as HTMLTableRowElement;
const balanceText = (name: string) => row(name).cells[3]!.textContent;

async function openPayment(name = 'Ada Lovelace') {
  await screen.findByRole('table', { name: 'Clients' });
  await userEvent.click(within(row(name)).getByRole('button', { name: 'Payment' }));
  return within(await screen.findByRole('dialog', { name: `Payment for ${name}` }));
}

describe('Payment', () => {
  it('opens a dialog with the current balance and the defaults: received, GBP, Cash, today', async () => {
    new FakeClientsServer([ADA, BRIAN]);
    renderList();
    const dialog = await openPayment();
    expect(dialog.getByText(/Current balance:/)).toHaveTextContent('-£1,234.50 (owes the shop)');
    const direction = dialog.getByLabelText('Direction');
    expect(direction).toHaveValue('received');
    expect(
      within(direction)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Received from client', 'Paid to client']);
    const amount = dialog.getByLabelText('Amount');
    // Text with a decimal keyboard: it holds an amount as the screens show it ("10,500").
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    expect(amount).toHaveValue('');
    const currency = dialog.getByLabelText('Currency');
    expect(currency).toHaveValue('GBP');
    expect(
      within(currency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GBP', 'USD', 'EUR', 'BTC']);
    expect(dialog.queryByLabelText('Exchange Rate')).not.toBeInTheDocument();
    const method = dialog.getByLabelText('Payment Method');
    expect(method).toHaveValue('Cash');
    expect(
      within(method)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...PAYMENT_METHODS]);
    expect(dialog.getByLabelText('Date')).toHaveValue(today());
    expect(dialog.getByLabelText('Note')).toHaveValue('');
  });

  it('asks for the exchange rate of any currency but GBP; BTC amounts take 8 decimals', async () => {
    new FakeClientsServer([ADA]);
    renderList();
    const dialog = await openPayment();
    await userEvent.selectOptions(dialog.getByLabelText('Currency'), 'USD');
    expect(dialog.getByLabelText('Exchange Rate')).toBeInTheDocument();
    expect(dialog.getByText('£ per 1 USD, the rate the payment was made at.')).toBeInTheDocument();
    await userEvent.selectOptions(dialog.getByLabelText('Currency'), 'BTC');
    await userEvent.selectOptions(dialog.getByLabelText('Currency'), 'GBP');
    expect(dialog.queryByLabelText('Exchange Rate')).not.toBeInTheDocument();
  });

  it('checks the amount and the rate before any call, next to the fields', async () => {
    const server = new FakeClientsServer([ADA]);
    renderList();
    const dialog = await openPayment();
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(dialog.getByLabelText('Amount')).toHaveAccessibleDescription(/Amount is required\./);
    await userEvent.type(dialog.getByLabelText('Amount'), '10.125');
    await userEvent.selectOptions(dialog.getByLabelText('Currency'), 'EUR');
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(dialog.getByLabelText('Amount')).toHaveAccessibleDescription(
      /Amount can have at most 2 decimal places\./,
    );
    expect(dialog.getByLabelText('Exchange Rate')).toHaveAccessibleDescription(/Exchange rate is required\./);
    await userEvent.clear(dialog.getByLabelText('Amount'));
    await userEvent.type(dialog.getByLabelText('Amount'), '0');
    await userEvent.type(dialog.getByLabelText('Exchange Rate'), '0');
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(dialog.getByText('Amount must be greater than zero.')).toHaveAttribute('role', 'alert');
    expect(dialog.getByText('Exchange rate must be greater than zero.')).toBeInTheDocument();
    expect(server.mock.callsTo('POST', LEDGER)).toHaveLength(0);
  });

  it('refuses a date in the future', async () => {
    const server = new FakeClientsServer([ADA]);
    renderList();
    const dialog = await openPayment();
    await userEvent.type(dialog.getByLabelText('Amount'), '5');
    const date = dialog.getByLabelText('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2999-01-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(dialog.getByText('The date cannot be in the future.')).toBeInTheDocument();
    expect(server.mock.callsTo('POST', LEDGER)).toHaveLength(0);
  });

  it('records a payment received: the request, the preview, then the row shows the new balance', async () => {
    const server = new FakeClientsServer([ADA, BRIAN]);
    renderList();
    const dialog = await openPayment();
    await userEvent.type(dialog.getByLabelText('Amount'), '234.5');
    expect(dialog.getByText(/Adds £234\.50 to the balance, which becomes -£1,000\.00\./)).toBeInTheDocument();
    await userEvent.selectOptions(dialog.getByLabelText('Payment Method'), 'Bank Transfer');
    await userEvent.type(dialog.getByLabelText('Note'), '  Part payment  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.mock.callsTo('POST', LEDGER)[0]?.body).toEqual({
      direction: 'received',
      amount: '234.5',
      currency: 'GBP',
      method: 'Bank Transfer',
      date: today(),
      note: 'Part payment',
    });
    expect(server.mock.callsTo('POST', LEDGER)[0]?.headers['x-csrftoken']).toBe('tok');
    expect(await screen.findByText(/^Received £/)).toHaveTextContent(
      'Received £234.50 from Ada Lovelace. Balance now -£1,000.00 (owes the shop).',
    );
    await waitFor(() => expect(balanceText('Ada Lovelace')).toContain('-£1,000.00'));
    expect(balanceText('Brian Eno')).toContain('£250.00');
  });

  it('records a payment made to the client in US dollars at a rate: the balance goes down by the GBP value', async () => {
    const server = new FakeClientsServer([ADA, BRIAN]);
    renderList();
    const dialog = await openPayment('Brian Eno');
    await userEvent.selectOptions(dialog.getByLabelText('Direction'), 'paid');
    await userEvent.selectOptions(dialog.getByLabelText('Currency'), 'USD');
    await userEvent.type(dialog.getByLabelText('Amount'), '100.05');
    await userEvent.type(dialog.getByLabelText('Exchange Rate'), '0.79123456');
    // round2(100.05 × 0.79123456) = round2(79.1630177...) = 79.16, exactly as the service computes it.
    expect(dialog.getByText(/Takes £79\.16 from the balance, which becomes £170\.84\./)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.mock.callsTo('POST', '/api/clients/2/ledger/')[0]?.body).toMatchObject({
      direction: 'paid',
      amount: '100.05',
      currency: 'USD',
      exchangeRate: '0.79123456',
    });
    await waitFor(() => expect(balanceText('Brian Eno')).toContain('£170.84'));
    expect(screen.getByText(/^Paid £/)).toHaveAttribute('role', 'status');
    expect(screen.getByText(/^Paid £/)).toHaveTextContent('Paid £79.16 to Brian Eno. Balance now £170.84');
  });

  it('shows the server’s field errors beside their fields and keeps what was typed', async () => {
    const server = new FakeClientsServer([ADA]);
    server.mock.on(`POST ${LEDGER}`, {
      status: 400,
      body: {
        amount: ['Ensure the amount is worth at least £0.01.'],
        date: ['Ensure this date is not in the future.'],
      },
    });
    renderList();
    const dialog = await openPayment();
    await userEvent.type(dialog.getByLabelText('Amount'), '0.001');
    await userEvent.selectOptions(dialog.getByLabelText('Currency'), 'BTC');
    await userEvent.type(dialog.getByLabelText('Exchange Rate'), '2');
    await userEvent.type(dialog.getByLabelText('Note'), 'Tiny');
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(await dialog.findByText('Ensure the amount is worth at least £0.01.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(dialog.getByLabelText('Date')).toHaveAccessibleDescription(
      'Ensure this date is not in the future.',
    );
    expect(dialog.getByLabelText('Amount')).toHaveValue('0.001');
    expect(dialog.getByLabelText('Currency')).toHaveValue('BTC');
    expect(dialog.getByLabelText('Note')).toHaveValue('Tiny');
    expect(dialog.getByRole('button', { name: 'Record Payment' })).toBeEnabled();
    expect(balanceText('Ada Lovelace')).toContain('-£1,234.50');
  });

  it('shows a failure without field errors above the form', async () => {
    const server = new FakeClientsServer([ADA]);
    server.mock.on(`POST ${LEDGER}`, { status: 500 });
    renderList();
    const dialog = await openPayment();
    await userEvent.type(dialog.getByLabelText('Amount'), '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Record Payment' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The payment could not be recorded. Please try again.',
    );
  });

  it('Close and Escape leave without recording anything', async () => {
    const server = new FakeClientsServer([ADA]);
    renderList();
    let dialog = await openPayment();
    await userEvent.type(dialog.getByLabelText('Amount'), '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    dialog = await openPayment();
    expect(dialog.getByLabelText('Amount')).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.mock.callsTo('POST', LEDGER)).toHaveLength(0);
  });
});
