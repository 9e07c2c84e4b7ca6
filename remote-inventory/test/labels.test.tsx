import type { LabelPriceMode, ShopSettings } from '@loupe/contracts';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { LabelsPage } from '../src/features/items/components/labels-page';
import { fakeInventory, makeItem } from './support/fake-inventory';

const settings = (labelPrice: LabelPriceMode, priceCodeKey = ''): Partial<ShopSettings> => ({
  shopId: 1,
  shopName: 'Test Shop',
  labelPrice,
  priceCodeKey,
});

function renderLabels(search: string, labelPrice: LabelPriceMode = 'retail', key = '') {
  const items = [
    makeItem({
      id: 1,
      stockNumber: 1041,
      serial: 'RLX-1',
      brand: 'Rolex',
      model: 'Daytona',
      purchasePrice: 9876,
      retailPrice: 12500,
    }),
    makeItem({
      id: 2,
      serial: 'OMG-2',
      brand: 'Omega',
      model: 'Speedmaster',
      purchasePrice: 3210,
      retailPrice: 4999.5,
    }),
  ];
  const inventory = fakeInventory(items);
  inventory.mock.on('GET /api/shop/settings/', { body: settings(labelPrice, key) });
  const view = renderWithProviders(<LabelsPage />, {
    route: `/inventory/labels${search}`,
    path: '/inventory/labels',
  });
  return { ...view, ...inventory };
}

const label = (serial: string) => screen.findByRole('figure', { name: `Label ${serial}` });
/** The page's own print rules (styled-components' styles are in other <style> elements). */
const printCss = () =>
  Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').find((css) =>
    css.includes('@page'),
  ) ?? '';
const location = () => screen.getByTestId('location').textContent ?? '';

describe('the label print view', () => {
  it('shows the QR code of the serial, the serial, stock number, brand/model and the retail price, never the cost', async () => {
    renderLabels('?ids=1,2&size=tag');
    const first = await label('RLX-1');
    expect(within(first).getByRole('img', { name: 'QR code of RLX-1' })).toBeInTheDocument();
    expect(first).toHaveTextContent('RLX-1');
    expect(first).toHaveTextContent('Stock no. 1041');
    expect(first).toHaveTextContent('Rolex Daytona');
    expect(first).toHaveTextContent('£12,500.00');
    expect(await label('OMG-2')).toHaveTextContent('£4,999.50');
    const sheet = document.querySelector('[data-label-sheet]');
    expect(sheet).not.toHaveTextContent('9,876');
    expect(sheet).not.toHaveTextContent('3,210');
    expect(screen.getByText('2 labels.')).toBeInTheDocument();
  });

  it('the price code mode shows the code and no £ price at all', async () => {
    renderLabels('?ids=1,2', 'code', 'BLACKHORSE');
    expect(await label('RLX-1')).toHaveTextContent('BLKEE');
    expect(await label('OMG-2')).toHaveTextContent('CSSS');
    const sheet = document.querySelector('[data-label-sheet]');
    expect(sheet).not.toHaveTextContent('£');
    expect(sheet).not.toHaveTextContent('12,500');
  });

  it('the no-price mode shows no price', async () => {
    renderLabels('?ids=1', 'none');
    const first = await label('RLX-1');
    expect(first).not.toHaveTextContent('£');
    expect(first).not.toHaveTextContent('BLKEE');
  });

  it("draws the serial's own QR code: the same modules the qrcode library makes for the serial", async () => {
    renderLabels('?ids=1');
    const svg = within(await label('RLX-1')).getByRole('img', { name: 'QR code of RLX-1' });
    const { modules } = QRCode.create('RLX-1', { errorCorrectionLevel: 'M' });
    let dark = 0;
    for (let i = 0; i < modules.size * modules.size; i += 1) if (modules.data[i]) dark += 1;
    // Each run of dark modules is one "h<n>" in the path: their lengths add up to the dark modules.
    const path = svg.querySelector('path')?.getAttribute('d') ?? '';
    const drawn = [...path.matchAll(/h(\d+)v1/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    expect(drawn).toBe(dark);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${modules.size + 4} ${modules.size + 4}`);
  });

  it('prints no price when the shop’s setting cannot be loaded, and says so', async () => {
    const items = [makeItem({ id: 1, serial: 'RLX-1', retailPrice: 12500 })];
    const inventory = fakeInventory(items);
    inventory.mock.on('GET /api/shop/settings/', { status: 500, body: { detail: 'Server error.' } });
    renderWithProviders(<LabelsPage />, { route: '/inventory/labels?ids=1', path: '/inventory/labels' });
    const first = await label('RLX-1');
    expect(first).not.toHaveTextContent('£');
    expect(
      await screen.findByText(
        'The shop’s label price setting could not be loaded, so these labels show no price.',
      ),
    ).toBeInTheDocument();
  });

  it('switches the size, and the PDF link and print page follow it', async () => {
    const user = userEvent.setup();
    renderLabels('?ids=1,2&size=tag');
    await label('RLX-1');
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf).toHaveAttribute('href', '/api/api/labels/pdf/?ids=1%2C2&size=tag');
    expect(printCss()).toContain('size: 60mm 30mm');
    await user.selectOptions(screen.getByLabelText('Label size'), 'a4');
    await waitFor(() => expect(location()).toContain('size=a4'));
    expect(pdf).toHaveAttribute('href', '/api/api/labels/pdf/?ids=1%2C2&size=a4');
    expect(printCss()).toContain('size: A4');
  });

  it('prints with the browser', async () => {
    const user = userEvent.setup();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderLabels('?ids=1');
    await label('RLX-1');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('labels the whole filtered list when no ids are given', async () => {
    renderLabels('?brand=Omega&size=a4');
    expect(await label('OMG-2')).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Label RLX-1' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/api/labels/pdf/?brand=Omega&size=a4',
    );
  });
});

describe('Print labels from a stock list', () => {
  it('links the selected rows, or with none selected the whole filtered list', async () => {
    const user = userEvent.setup();
    const items = [1, 2, 3].map((id) => makeItem({ id, serial: `W-${id}` }));
    fakeInventory(items);
    renderWithProviders(<ItemListPage screen={LIST_SCREENS.available} />, {
      route: '/inventory/available?brand=Rolex',
      path: '/inventory/available',
    });
    const whole = await screen.findByRole('link', { name: 'Print labels (all 3)' });
    expect(whole).toHaveAttribute('href', '/inventory/labels?status=available&brand=Rolex&size=a4');

    await user.click(screen.getByRole('checkbox', { name: 'Select W-3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select W-1' }));
    expect(screen.getByRole('link', { name: 'Print labels (2 selected)' })).toHaveAttribute(
      'href',
      '/inventory/labels?ids=3%2C1&size=a4',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('link', { name: 'Print labels (3 selected)' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('link', { name: 'Print labels (all 3)' })).toBeInTheDocument();
  });
});
