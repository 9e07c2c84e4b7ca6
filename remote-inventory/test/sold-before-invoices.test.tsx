import type { Item } from '@loupe/contracts';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, within } from '@testing-library/react';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { fakeInventory, makeItem } from './support/fake-inventory';

// Issue 25, item 6: a sale recorded before Loupe issued invoices (issue 13) has none. The item page says so
// rather than speak of an invoice that was issued.

const sold = (id: number, invoice: NonNullable<Item['sale']>['invoice']): Item =>
  makeItem({
    id,
    serial: `OLD-${id}`,
    status: 'sold',
    vatScheme: 'margin',
    sale: {
      id: 90 + id,
      date: '2025-11-20',
      price: 8200,
      currency: 'GBP',
      exchangeRate: 1,
      amountGbp: 8200,
      paymentMethod: 'Bank Transfer',
      clientId: null,
      clientName: null,
      buyerName: '',
      soldBy: 'gold',
      invoice,
    },
  });

const renderItemPage = (id: number) =>
  renderWithProviders(<EditItemPage />, { route: `/inventory/edit/${id}`, path: '/inventory/edit/:id' });

describe('the item page of a sale made before invoices existed', () => {
  it('says the item was sold before invoices were issued and that no invoice is on file', async () => {
    fakeInventory([sold(71, null)]);
    renderItemPage(71);
    const sale = await screen.findByRole('region', { name: 'Sale' });
    expect(sale).toHaveTextContent('Sold before invoices were issued in Loupe: no invoice on file.');
    expect(within(sale).queryByRole('link', { name: /Download|Receipt/ })).toBeNull();
    const scheme = screen.getByRole('combobox', { name: 'VAT scheme' });
    expect(scheme).toBeDisabled();
    expect(scheme).toHaveAccessibleDescription(
      'The item was sold before invoices were issued in Loupe (no invoice on file): its VAT scheme stays as sold.',
    );
    expect(screen.queryByText(/its invoice was issued/)).toBeNull();
  });

  it('still names the invoice of a sale that has one', async () => {
    fakeInventory([sold(72, { id: 41, reference: 'INV-000041' })]);
    renderItemPage(72);
    const sale = await screen.findByRole('region', { name: 'Sale' });
    expect(sale).toHaveTextContent('InvoiceINV-000041');
    expect(sale).not.toHaveTextContent('no invoice on file');
    expect(screen.getByRole('combobox', { name: 'VAT scheme' })).toHaveAccessibleDescription(
      'The item is sold: its invoice was issued under this scheme.',
    );
  });
});
