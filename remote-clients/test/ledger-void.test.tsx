import { ALREADY_VOIDED, VOID_NOT_ALLOWED, type LedgerEntry } from '@loupe/contracts';
import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeClient, makeEntry } from './support/fake-clients';

const ADA = makeClient(7, 'Ada Lovelace', { balance: 150 });

const PAYMENT = makeEntry(31, { amount: 100, amountGbp: 100, date: '2026-02-03', note: 'Deposit' });
const CHARGE = makeEntry(30, {
  direction: 'paid',
  amount: -40,
  amountGbp: -40,
  method: 'Bank Transfer',
  date: '2026-02-02',
});
const STOCK = makeEntry(29, {
  amount: 90,
  amountGbp: 90,
  method: 'Stock credit',
  source: 'item_transaction',
  sourceId: 4,
  date: '2026-02-01',
});

/** The service's void, on the fake: the original marked, a reversal on top, the balance moved back. */
function serveVoids(server: FakeClientsServer, clientId: number) {
  server.mock.on(`POST /api/clients/${clientId}/ledger/31/void/`, (call) => {
    const entries = server.ledger.get(clientId) ?? [];
    const original = entries.find((entry) => entry.id === 31);
    const client = server.find(clientId);
    if (!original || !client) return { status: 404, body: { detail: 'Not found.' } };
    const { reason } = call.body as { reason: string };
    const reversal: LedgerEntry = {
      ...original,
      id: 99,
      direction: 'paid',
      amount: -original.amount,
      amountGbp: -original.amountGbp,
      date: '2026-03-01',
      note: 'Void of entry 31',
      reversalOf: 31,
    };
    original.voided = { at: '2026-03-01T09:15:00Z', by: 'gold', reason, reversalId: 99 };
    client.balance -= original.amountGbp;
    server.ledger.set(clientId, [reversal, ...entries]);
    return { body: { entry: original, reversal, balance: client.balance } };
  });
}

function setUp(role: 'platinum' | 'gold' | 'silver') {
  const server = new FakeClientsServer([ADA]);
  server.mock.on('GET /auth-check/', { body: authCheckAs(role) });
  server.ledger.set(7, [{ ...PAYMENT }, { ...CHARGE }, { ...STOCK }]);
  serveVoids(server, 7);
  renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });
  return server;
}

const ledger = () => screen.findByRole('table', { name: 'Recent ledger entries' });
const row = (table: HTMLElement, text: RegExp) =>
  within(table)
    .getAllByRole('row')
    .find((candidate) => text.test(candidate.textContent ?? '')) as HTMLElement;

describe('Void on the client page', () => {
  it('offers Void on payments and charges, not on postings from stock purchases', async () => {
    setUp('gold');
    const table = await ledger();
    await waitFor(() =>
      expect(
        within(table).getByRole('button', { name: 'Void Received £100.00 on 3 Feb 2026' }),
      ).toBeEnabled(),
    );
    expect(within(table).getByRole('button', { name: 'Void Paid £40.00 on 2 Feb 2026' })).toBeEnabled();
    expect(within(row(table, /Stock credit/)).queryByRole('button')).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Void / })).toHaveLength(2);
  });

  it('voids with a reason: the request, then the entry marked Voided, its reversal without Void, the balance back', async () => {
    const server = setUp('platinum');
    const table = await ledger();
    expect(await screen.findByText(/^Balance:/)).toHaveTextContent('£150.00');
    await userEvent.click(
      await within(table).findByRole('button', { name: 'Void Received £100.00 on 3 Feb 2026' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Void ledger entry' });
    for (const text of [
      'ClientAda Lovelace',
      'DirectionReceived',
      'Amount£100.00',
      'Date3 Feb 2026',
      'NoteDeposit',
    ])
      expect(dialog).toHaveTextContent(text);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Recorded twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = server.mock.callsTo('POST', '/api/clients/7/ledger/31/void/');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ reason: 'Recorded twice' });

    expect(await screen.findByText(/^Voided Received £100.00 on 3 Feb 2026\./)).toHaveTextContent(
      'Balance now',
    );
    const after = await ledger();
    await waitFor(() => expect(row(after, /Void of Received £100.00 on 3 Feb 2026/)).toBeDefined());
    const original = row(after, /Recorded twice/);
    expect(original).toHaveTextContent('Voided');
    expect(original).toHaveTextContent(/Recorded twice — gold, 1 Mar 2026/);
    expect(within(original).queryByRole('button')).toBeNull();
    const reversal = row(after, /Void of Received £100.00 on 3 Feb 2026/);
    expect(reversal).toHaveTextContent('-£100.00');
    expect(within(reversal).queryByRole('button')).toBeNull();
    // The page's balance is the client's, asked again after the void.
    await waitFor(() => expect(screen.getByText(/^Balance:/)).toHaveTextContent('£50.00'));
  });

  it('keeps the dialog and the reason when the service refuses, with its detail', async () => {
    const server = setUp('gold');
    server.mock.on('POST /api/clients/7/ledger/31/void/', { status: 409, body: { detail: ALREADY_VOIDED } });
    const table = await ledger();
    await userEvent.click(
      await within(table).findByRole('button', { name: 'Void Received £100.00 on 3 Feb 2026' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Void ledger entry' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wrong client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALREADY_VOIDED);
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Wrong client');
  });

  it('shows silver members Void disabled, with the reason as text and as its description', async () => {
    const server = setUp('silver');
    const table = await ledger();
    const button = within(table).getByRole('button', { name: 'Void Received £100.00 on 3 Feb 2026' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(VOID_NOT_ALLOWED);
    expect(screen.getByText(VOID_NOT_ALLOWED)).toBeVisible();
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.mock.callsTo('POST', '/api/clients/7/ledger/31/void/')).toHaveLength(0);
  });
});
