import type { Role } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PurchaseListPage } from '../src/features/purchases/components/purchase-list-page';
import { purchase, SELLER } from './support/purchases';

const LIST = '/api/purchases/';

function server(role: Role = 'gold'): FetchMock {
  const voided = purchase(8, { status: 'voided', voidedOn: '2026-11-21', voidReason: 'Keyed twice' });
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /api/clients/': { body: { results: [SELLER], count: 1 } },
    [`GET ${LIST}`]: (call) => {
      const status = new URL(call.url, 'http://localhost').searchParams.get('status');
      const rows = status === 'voided' ? [voided] : [purchase(9), voided];
      return { body: { results: rows, count: rows.length } };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = (route = '/purchases') =>
  renderWithProviders(<PurchaseListPage />, { route, path: '/purchases' });
const rows = () =>
  within(screen.getByRole('table', { name: 'Purchases' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
const queryOf = (mock: FetchMock) =>
  new URL(mock.callsTo('GET', LIST).at(-1)?.url ?? '', 'http://localhost').searchParams;

jest.setTimeout(20_000);

describe('/purchases', () => {
  it('lists the buy-ins: reference (a link to each), date, seller, status and total, with Buy In', async () => {
    server();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchases' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Purchases' });
    expect(rows()).toEqual([
      ['PUR-000009', '20 Nov 2026', 'Harriet Cole2 items', 'Completed', '£6,200.00'],
      ['PUR-000008', '20 Nov 2026', 'Harriet Cole2 items', 'Voided', '£6,200.00'],
    ]);
    expect(screen.getByRole('link', { name: 'PUR-000009' })).toHaveAttribute('href', '/purchases/9');
    expect(screen.getByRole('link', { name: 'Buy In' })).toHaveAttribute('href', '/purchases/new');
  });

  it('filters by status, days and seller, through the URL and the service', async () => {
    const mock = server();
    show();
    await screen.findByRole('table', { name: 'Purchases' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Voided');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queryOf(mock).get('status')).toBe('voided');
    expect(screen.getByTestId('location').textContent).toContain('status=voided');

    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(queryOf(mock).get('date_from')).toBe('2026-11-01'));

    await userEvent.type(screen.getByRole('combobox', { name: 'Seller' }), 'harr');
    await userEvent.click(await screen.findByRole('option', { name: /Harriet Cole/ }));
    await waitFor(() => expect(queryOf(mock).get('seller')).toBe('9'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/purchases'));
  });

  it('offers Buy In only to members who may see costs', async () => {
    server('silver');
    show();
    await screen.findByRole('table', { name: 'Purchases' });
    expect(screen.queryByRole('link', { name: 'Buy In' })).not.toBeInTheDocument();
  });

  it('says when there are no purchases yet', async () => {
    const mock = server();
    mock.on(`GET ${LIST}`, { body: { results: [], count: 0 } });
    show();
    expect(await screen.findByText('No purchases yet: Buy In records the first.')).toBeInTheDocument();
  });
});
