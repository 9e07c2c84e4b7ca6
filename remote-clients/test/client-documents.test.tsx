import { API_BASE } from '@loupe/contracts';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditClientPage } from '../src/features/clients/components/edit-client-page';
import { FakeClientsServer, makeCheckout, makeClient, makeInvoice } from './support/fake-clients';

// Issue 13 on the client's page: the invoices issued to the client and the check-outs with their approval notes.

const GRACE = makeClient(7, 'Grace Hopper');

const renderEdit = () =>
  renderWithProviders(<EditClientPage />, { route: '/clients/edit/7', path: '/clients/edit/:id' });

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Invoices on /clients/edit/:id', () => {
  it('lists the client’s invoices asked by client id, newest first, each with its PDF', async () => {
    const server = new FakeClientsServer([GRACE]);
    server.invoices = [
      makeInvoice(12, { clientId: 7, issueDate: '2026-03-05', total: 14500.5 }),
      makeInvoice(11, { clientId: 8, issueDate: '2026-03-04' }),
      makeInvoice(9, {
        clientId: 7,
        issueDate: '2026-02-01',
        total: 2000,
        currency: 'EUR',
        status: 'credited',
      }),
    ];
    renderEdit();
    const section = await screen.findByRole('region', { name: 'Invoices' });
    const table = await within(section).findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'INV-000012',
      'INV-000009',
    ]);
    expect(cellTexts(rows[0]!).slice(0, 3)).toEqual(['5 Mar 2026', '£14,500.50', 'Issued']);
    expect(cellTexts(rows[1]!).slice(0, 3)).toEqual(['1 Feb 2026', '€2,000.00', 'Credited']);
    expect(within(rows[0]!).getByRole('link', { name: 'Download PDF of INV-000012' })).toHaveAttribute(
      'href',
      `${API_BASE}/api/invoices/12/pdf/`,
    );
    const asked = new URL(server.mock.callsTo('GET', '/api/invoices/')[0]!.url, 'http://localhost');
    expect(asked.searchParams.get('client')).toBe('7');
    expect(asked.searchParams.get('page')).toBe('1');
  });

  it('pages through many invoices', async () => {
    const server = new FakeClientsServer([GRACE]);
    server.invoices = Array.from({ length: 12 }, (_, n) => makeInvoice(100 - n, { clientId: 7 }));
    renderEdit();
    const section = await screen.findByRole('region', { name: 'Invoices' });
    await within(section).findByRole('rowheader', { name: 'INV-000100' });
    expect(within(section).getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByRole('rowheader', { name: 'INV-000089' })).toBeInTheDocument();
    expect(within(section).queryByRole('rowheader', { name: 'INV-000100' })).not.toBeInTheDocument();
    const last = server.mock.callsTo('GET', '/api/invoices/').at(-1)!;
    expect(new URL(last.url, 'http://localhost').searchParams.get('page')).toBe('2');
  });

  it('says when there are none, and offers Retry when they fail to load', async () => {
    const server = new FakeClientsServer([GRACE]);
    server.mock.on('GET /api/invoices/', { status: 500, body: { detail: 'Server error.' } });
    renderEdit();
    const section = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to load the invoices.');
    server.mock.on('GET /api/invoices/', { body: { results: [], count: 0 } });
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('No invoices for this client yet.')).toBeInTheDocument();
  });
});

describe('Approval notes on /clients/edit/:id', () => {
  it('lists the client’s check-outs with agreed price, due date (overdue marked), outcome and the note', async () => {
    const server = new FakeClientsServer([GRACE]);
    server.checkouts.set(7, [
      makeCheckout(31, {
        serial: 'OUT-LATE',
        brand: 'Cartier',
        model: 'Panthère',
        dueDate: '2020-01-15',
        checkedOutAt: '2020-01-02T10:00:00.000Z',
      }),
      makeCheckout(30, { serial: 'OUT-OK', agreedPrice: null, dueDate: '2099-12-31' }),
      makeCheckout(29, {
        serial: 'BACK',
        agreedPrice: 950.5,
        dueDate: '2020-01-01',
        endedAt: '2020-01-03T09:00:00.000Z',
        outcome: 'returned',
      }),
      makeCheckout(28, { serial: 'GONE', endedAt: '2020-02-10T09:00:00.000Z', outcome: 'sold' }),
    ]);
    renderEdit();
    const section = await screen.findByRole('region', { name: 'Approval notes' });
    const table = await within(section).findByRole('table', { name: 'Check-outs on approval' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'OUT-LATE — Cartier Panthère',
      'OUT-OK — Rolex Daytona',
      'BACK — Rolex Daytona',
      'GONE — Rolex Daytona',
    ]);
    expect(cellTexts(rows[0]!).slice(0, 4)).toEqual([
      '£12,000.00',
      '15 Jan 2020 (overdue)',
      '2 Jan 2020',
      'Still out',
    ]);
    expect(cellTexts(rows[1]!).slice(0, 4)).toEqual([
      'To be agreed',
      '31 Dec 2099',
      expect.any(String),
      'Still out',
    ]);
    // Returned late is not overdue: it is back.
    expect(cellTexts(rows[2]!).slice(0, 4)).toEqual([
      '£950.50',
      '1 Jan 2020',
      expect.any(String),
      'Returned 3 Jan 2020',
    ]);
    expect(cellTexts(rows[3]!)[3]).toBe('Sold 10 Feb 2020');
    expect(within(rows[0]!).getByRole('link', { name: 'Approval note for OUT-LATE' })).toHaveAttribute(
      'href',
      `${API_BASE}/api/checkouts/31/approval-note/`,
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Approval note for BACK' })).toHaveAttribute(
      'href',
      `${API_BASE}/api/checkouts/29/approval-note/`,
    );
    expect(server.mock.callsTo('GET', '/api/clients/7/checkouts/')).toHaveLength(1);
  });

  it('says when nothing has been checked out to the client', async () => {
    new FakeClientsServer([GRACE]);
    renderEdit();
    const section = await screen.findByRole('region', { name: 'Approval notes' });
    await waitFor(() =>
      expect(within(section).getByText('Nothing has been checked out to this client.')).toBeInTheDocument(),
    );
  });
});
