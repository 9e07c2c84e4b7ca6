import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { fakeInventory, makeClient, makeItem } from './support/fake-inventory';
import { rowAction } from './support/row-actions';

// Issue 21, item 4: selling in two clicks. The dialog opens on the price, filled in with what the item is
// offered at, the payment method this browser last sold with, and reads the price as every screen shows it.

const PATH = '/inventory/available';

function renderList() {
  return renderWithProviders(<ItemListPage screen={LIST_SCREENS.available} />, {
    route: PATH,
    path: PATH,
    extraRoutes: null,
  });
}

const rowOf = (serial: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) }).closest('tr') as HTMLTableRowElement;
const sellButton = (serial: string) => within(rowOf(serial)).getByRole('button', { name: 'Sell' });
const price = (sell: HTMLElement) => within(sell).getByRole('textbox', { name: 'Sale Price (GBP)' });
const sellCalls = (mock: ReturnType<typeof fakeInventory>['mock'], id: number) =>
  mock.callsTo('POST', `/api/items/${id}/sell/`);

async function openSell(serial: string): Promise<HTMLElement> {
  await screen.findByRole('table');
  await userEvent.click(sellButton(serial));
  return screen.getByRole('dialog', { name: `Sell ${serial}` });
}

async function confirm(sell: HTMLElement) {
  await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
}

describe('Sell in two clicks', () => {
  it('opens on the price, filled in with the listing price: Sell, Confirm Sale and it is sold', async () => {
    const item = makeItem({ serial: 'TWO-1', listingPrice: 12500, retailPrice: 12500 });
    const { mock } = fakeInventory([item]);
    renderList();
    const sell = await openSell('TWO-1');
    expect(price(sell)).toHaveFocus();
    expect(price(sell)).toHaveValue('12500.00');
    expect(within(sell).getByRole('combobox', { name: 'Payment Method' })).toHaveValue('Cash');
    await confirm(sell);
    await waitFor(() => expect(sellCalls(mock, item.id)).toHaveLength(1));
    expect(sellCalls(mock, item.id)[0]?.body).toMatchObject({ price: '12500.00', paymentMethod: 'Cash' });
  });

  it('offers a promoted item at its promotional price', async () => {
    const item = makeItem({
      serial: 'PRO-1',
      listingPrice: 12500,
      retailPrice: 12500,
      promotion: { price: 11000, note: '', promotedAt: '2026-01-11T10:00:00Z' },
    });
    fakeInventory([item]);
    renderList();
    const sell = await openSell('PRO-1');
    expect(price(sell)).toHaveValue('11000.00');
    expect(
      within(sell).getByText('Promotional price £11,000.00 (listing price £12,500.00)'),
    ).toBeInTheDocument();
  });

  it('leaves the price empty for an item with no listing price, and for a sale in another currency', async () => {
    fakeInventory([
      makeItem({ serial: 'NOP-1', listingPrice: null, retailPrice: null }),
      makeItem({ serial: 'CUR-1', listingPrice: 900, retailPrice: 900 }),
    ]);
    renderList();
    let sell = await openSell('NOP-1');
    expect(price(sell)).toHaveValue('');
    await userEvent.click(within(sell).getByRole('button', { name: 'Close' }));

    sell = await openSell('CUR-1');
    await userEvent.selectOptions(within(sell).getByRole('combobox', { name: 'Currency' }), 'USD');
    // The listing price is in pounds: it is no price in dollars.
    expect(within(sell).getByRole('textbox', { name: 'Sale Price (USD)' })).toHaveValue('');
    await userEvent.selectOptions(within(sell).getByRole('combobox', { name: 'Currency' }), 'GBP');
    expect(price(sell)).toHaveValue('900.00');
  });

  it.each([
    ['10,500', '10500'],
    ['£10,500.00', '10500.00'],
    ['10500', '10500'],
  ])('accepts %s as the screens show amounts, and sends it as %s', async (typed, sent) => {
    const item = makeItem({ serial: 'AMT-1' });
    const { mock } = fakeInventory([item]);
    renderList();
    const sell = await openSell('AMT-1');
    await userEvent.clear(price(sell));
    await userEvent.type(price(sell), typed);
    await confirm(sell);
    await waitFor(() => expect(sellCalls(mock, item.id)).toHaveLength(1));
    expect(sellCalls(mock, item.id)[0]?.body).toMatchObject({ price: sent });
  });

  it('refuses "10,50" beside the price, as the service would, and sends nothing', async () => {
    const item = makeItem({ serial: 'EUR-1' });
    const { mock } = fakeInventory([item]);
    renderList();
    const sell = await openSell('EUR-1');
    await userEvent.clear(price(sell));
    await userEvent.type(price(sell), '10,50');
    await confirm(sell);
    expect(within(sell).getByText('A valid number is required.')).toHaveAttribute('role', 'alert');
    expect(sellCalls(mock, item.id)).toHaveLength(0);
  });

  it('starts from the payment method this browser last sold with', async () => {
    const first = makeItem({ serial: 'PAY-1' });
    const second = makeItem({ serial: 'PAY-2' });
    fakeInventory([first, second]);
    renderList();
    let sell = await openSell('PAY-1');
    await userEvent.selectOptions(
      within(sell).getByRole('combobox', { name: 'Payment Method' }),
      'Credit Card',
    );
    await confirm(sell);
    await userEvent.click(await within(sell).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    sell = await openSell('PAY-2');
    expect(within(sell).getByRole('combobox', { name: 'Payment Method' })).toHaveValue('Credit Card');
  });

  it('after a sale, focus is on the list heading beside "is sold.", not on the page body', async () => {
    fakeInventory([makeItem({ serial: 'FOC-1' })]);
    renderList();
    const sell = await openSell('FOC-1');
    await confirm(sell);
    await userEvent.click(await within(sell).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.getByText('FOC-1 is sold.')).toBeInTheDocument();
  });

  it('closed without a sale, focus goes back to the row’s Sell', async () => {
    fakeInventory([makeItem({ serial: 'BCK-1' })]);
    renderList();
    await openSell('BCK-1');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sellButton('BCK-1')).toHaveFocus();
  });

  it('after a check-out too, focus is on the list heading rather than on the now disabled Checkout', async () => {
    fakeInventory([makeItem({ serial: 'OUT-1' })], [makeClient(4, 'Ann Smith')]);
    renderList();
    await screen.findByRole('table');
    await userEvent.click(await rowAction(rowOf('OUT-1'), 'OUT-1', 'Checkout'));
    const out = screen.getByRole('dialog', { name: 'Check out OUT-1' });
    await userEvent.type(within(out).getByRole('combobox', { name: 'Client' }), 'ann');
    await userEvent.click(await within(out).findByRole('option', { name: /Ann Smith/ }));
    await userEvent.click(within(out).getByRole('button', { name: 'Check Out' }));
    await userEvent.click(await within(out).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });
});
