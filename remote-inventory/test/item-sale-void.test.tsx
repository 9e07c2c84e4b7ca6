import { ALREADY_VOIDED, VOID_NOT_ALLOWED, type Item, type Role } from '@loupe/contracts';
import { queryKeys, type Resource } from '@loupe/platform';
import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { fakeInventory, makeItem } from './support/fake-inventory';

const SALE = {
  id: 55,
  date: '2026-03-04',
  price: 9500,
  currency: 'GBP' as const,
  exchangeRate: 1,
  amountGbp: 9500,
  paymentMethod: 'Bank Transfer' as const,
  clientId: 3,
  clientName: 'Ada Lovelace',
  buyerName: '',
  soldBy: 'gold',
  invoice: null,
};

const SOLD = makeItem({
  id: 7,
  serial: 'ED-7',
  brand: 'Rolex',
  model: 'Daytona',
  status: 'sold',
  sale: SALE,
});

function setUp(role: Role, item: Item = SOLD) {
  const fake = fakeInventory([{ ...item }]);
  fake.mock.on('GET /auth-check/', { body: authCheckAs(role) });
  fake.mock.on('POST /api/items/7/void-sale/', () => {
    const voided = { ...fake.store.get(7)!, status: 'available' as const, sale: null };
    fake.store.set(7, voided);
    return { body: voided };
  });
  const view = renderWithProviders(<EditItemPage />, {
    route: '/inventory/edit/7',
    path: '/inventory/edit/:id',
  });
  return { ...fake, ...view };
}

const saleSection = () => screen.findByRole('region', { name: 'Sale' });

describe('Void sale on /inventory/edit/:id', () => {
  it('shows the sale of a sold item (date, price, buyer) and voids it with a reason', async () => {
    const { mock, queryClient } = setUp('gold');
    // A query of each resource the void changes, as other screens leave them in the shared cache.
    const changed: Resource[] = ['items', 'clients', 'dashboard', 'reports', 'activity', 'invoices'];
    const elsewhere = (resource: Resource) => queryKeys[resource].list({ elsewhere: true });
    for (const resource of [...changed, 'expenses' as const])
      queryClient.setQueryData(elsewhere(resource), { results: [], count: 0 });
    const section = await saleSection();
    for (const text of [
      'Date4 Mar 2026',
      'Price£9,500.00',
      'BuyerAda Lovelace',
      'Payment MethodBank Transfer',
    ])
      expect(section).toHaveTextContent(text);
    expect(screen.getByLabelText('Status')).toHaveValue('Sold');

    await userEvent.click(within(section).getByRole('button', { name: 'Void sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Void sale of ED-7' });
    for (const text of ['ItemED-7 — Rolex Daytona', 'Price£9,500.00', 'BuyerAda Lovelace'])
      expect(dialog).toHaveTextContent(text);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Sold to the wrong client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(mock.callsTo('POST', '/api/items/7/void-sale/').map((call) => call.body)).toEqual([
      { reason: 'Sold to the wrong client' },
    ]);
    expect(within(section).getByRole('status')).toHaveTextContent(
      'The sale of 4 Mar 2026 was voided: the item is Available again.',
    );
    expect(within(section).queryByRole('button', { name: 'Void sale' })).toBeNull();
    expect(screen.getByLabelText('Status')).toHaveValue('Available');
    // Stock, the buyer's ledger, the figures, the Activity screen and the invoices (a credit note) are asked
    // again; the expenses are not.
    for (const resource of changed)
      expect([resource, queryClient.getQueryState(elsewhere(resource))?.isInvalidated]).toEqual([
        resource,
        true,
      ]);
    expect(queryClient.getQueryState(elsewhere('expenses'))?.isInvalidated).toBe(false);
  });

  it('keeps the dialog and the reason when the service refuses', async () => {
    const { mock } = setUp('platinum');
    mock.on('POST /api/items/7/void-sale/', { status: 409, body: { detail: ALREADY_VOIDED } });
    const section = await saleSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Void sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Void sale of ED-7' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Typo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALREADY_VOIDED);
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Typo');
    expect(screen.getByLabelText('Status')).toHaveValue('Sold');
  });

  it('shows silver Void sale disabled, with the reason shown and as its description', async () => {
    const { mock } = setUp('silver');
    const section = await saleSection();
    const button = within(section).getByRole('button', { name: 'Void sale' });
    await waitFor(() => expect(button).toHaveAccessibleDescription(VOID_NOT_ALLOWED));
    expect(button).toBeDisabled();
    expect(within(section).getByText(VOID_NOT_ALLOWED)).toBeVisible();
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mock.callsTo('POST', '/api/items/7/void-sale/')).toHaveLength(0);
  });

  it('shows no Sale for an item that is not sold', async () => {
    setUp('gold', makeItem({ id: 7, serial: 'ED-7', status: 'available', sale: null }));
    expect(await screen.findByLabelText('Status')).toHaveValue('Available');
    expect(screen.queryByRole('region', { name: 'Sale' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void sale' })).toBeNull();
  });
});
