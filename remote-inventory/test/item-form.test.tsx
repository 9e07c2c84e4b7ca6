import type { Item } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { today } from '@loupe/platform';
import { AddItemPage } from '../src/features/items/components/add-item-page';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { makeClient, makeItem } from './support/fake-inventory';
import { installFakeXhr } from '@loupe/platform/testing';
import { SPEC_CATALOGUE } from './support/catalogue';

const ANN = makeClient(4, 'Ann Smith');

let alertSpy: jest.SpyInstance;
let restoreXhr: (() => void) | undefined;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => {
  alertSpy.mockRestore();
  restoreXhr?.();
  restoreXhr = undefined;
});

function server(extra: Record<string, Parameters<FetchMock['on']>[1]> = {}): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    'GET /api/clients/': { body: { results: [ANN], count: 1 } },
    ...SPEC_CATALOGUE,
    'POST /api/items/': (call) => ({
      status: 201,
      body: makeItem({ id: 77, ...(call.body as Partial<Item>), transactions: [] }),
    }),
    ...extra,
  });
  window.fetch = mock.fetch;
  return mock;
}

const location = () => screen.getByTestId('location').textContent ?? '';
const renderAdd = () => renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
const field = (label: string) => screen.getByLabelText(label);
const line = (n: number) => screen.getByRole('group', { name: `Transaction ${n}` });
const total = () => field('Purchase Price (£)');

async function addLine(values: {
  type?: string;
  amount: string;
  currency?: string;
  rate?: string;
  fee?: string;
  client?: string;
}) {
  await userEvent.click(screen.getByRole('button', { name: 'Add Transaction' }));
  const groups = screen.getAllByRole('group', { name: /^Transaction \d+$/ });
  const group = groups[groups.length - 1]!;
  const inLine = within(group);
  if (values.type) await userEvent.selectOptions(inLine.getByLabelText('Type'), values.type);
  await userEvent.type(inLine.getByLabelText('Amount'), values.amount);
  if (values.currency) await userEvent.selectOptions(inLine.getByLabelText('Currency'), values.currency);
  if (values.rate !== undefined) {
    await userEvent.clear(inLine.getByLabelText('Exchange Rate'));
    await userEvent.type(inLine.getByLabelText('Exchange Rate'), values.rate);
  }
  if (values.fee !== undefined) {
    await userEvent.clear(inLine.getByLabelText('Fee (%)'));
    await userEvent.type(inLine.getByLabelText('Fee (%)'), values.fee);
  }
  if (values.client) {
    await userEvent.type(inLine.getByRole('combobox', { name: 'Client' }), values.client);
    await userEvent.click(await inLine.findByRole('option', { name: new RegExp(values.client, 'i') }));
  }
  return group;
}

describe('/inventory/add', () => {
  it('shows the form of SPEC §2: labels, defaults and a read-only purchase price of 0.00', async () => {
    server();
    renderAdd();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Inventory Item' })).toBeInTheDocument();
    expect(field('Serial Number')).toBeRequired();
    expect(field('Stock Type')).toHaveValue('Watches');
    expect(field('Brand')).toHaveValue('');
    expect(field('Model')).toBeDisabled();
    expect(field('Status')).toHaveValue('available');
    expect(
      within(field('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Available', 'Unavailable', 'Sold']);
    expect(field('Purchase Date')).toHaveValue(today());
    expect(field('Image')).toHaveAttribute('accept', 'image/*');
    expect(total()).toHaveAttribute('readonly');
    expect(total()).toHaveValue('0.00');
    expect(screen.getByRole('button', { name: 'Add Item' })).toHaveAttribute('type', 'submit');
  });

  it('Cancel goes to /inventory/all', async () => {
    server();
    renderAdd();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/inventory/all');
  });

  it('requires the serial number and sends nothing without it', async () => {
    const mock = server();
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Serial Number'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByText('Serial number is required.')).toHaveAttribute('role', 'alert');
    expect(field('Serial Number')).toHaveAttribute('aria-invalid', 'true');
    expect(mock.callsTo('POST', '/api/items/')).toHaveLength(0);
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('offers a model only after a brand, from that brand, and a new brand clears it', async () => {
    server();
    renderAdd();
    await screen.findByLabelText('Model');
    expect(field('Model')).toBeDisabled();
    await userEvent.selectOptions(field('Brand'), await screen.findByRole('option', { name: 'Rolex' }));
    expect(
      within(field('Model'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a model', 'Submariner', 'Daytona', 'Datejust', 'GMT-Master', 'Explorer']);
    await userEvent.selectOptions(field('Model'), 'GMT-Master');
    await userEvent.selectOptions(field('Brand'), await screen.findByRole('option', { name: 'Omega' }));
    expect(field('Model')).toHaveValue('');
    expect(within(field('Model')).queryByRole('option', { name: 'GMT-Master' })).not.toBeInTheDocument();
  });

  it('totals cash lines at their rate less the fee, credit and debt as they are, live and exact', async () => {
    server();
    renderAdd();
    await screen.findByLabelText('Serial Number');
    const cash = await addLine({ amount: '1000', currency: 'USD', rate: '0.8', fee: '2.5' });
    expect(within(cash).getByText('£780.00')).toBeInTheDocument();
    expect(total()).toHaveValue('780.00');

    const credit = await addLine({ type: 'credit', amount: '250.5', client: 'Ann' });
    expect(within(credit).getByLabelText('Currency')).toBeDisabled();
    expect(within(credit).getByLabelText('Currency')).toHaveValue('GBP');
    expect(within(credit).getByLabelText('Exchange Rate')).toHaveAttribute('readonly');
    expect(within(credit).getByLabelText('Exchange Rate')).toHaveValue('1');
    expect(within(credit).getByLabelText('Fee (%)')).toHaveValue('0');
    expect(total()).toHaveValue('1030.50');

    await addLine({ type: 'debt', amount: '100', client: 'Ann' });
    expect(total()).toHaveValue('1130.50');

    // Rounded per line, exactly: 10.01 × 1.5 = 15.015 → 15.02.
    await addLine({ amount: '10.01', rate: '1.5' });
    expect(total()).toHaveValue('1145.52');

    await userEvent.click(screen.getByRole('button', { name: 'Remove transaction 1' }));
    expect(total()).toHaveValue('365.52');
    expect(screen.getAllByRole('group', { name: /^Transaction \d+$/ })).toHaveLength(3);
  });

  it('a new line defaults to cash, GBP, rate 1 and fee 0', async () => {
    server();
    renderAdd();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Transaction' }));
    const first = within(line(1));
    expect(first.getByLabelText('Type')).toHaveValue('cash');
    expect(first.getByLabelText('Currency')).toHaveValue('GBP');
    expect(first.getByLabelText('Exchange Rate')).toHaveValue('1');
    expect(first.getByLabelText('Fee (%)')).toHaveValue('0');
    expect(first.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
  });

  it('checks each line before sending: amount, rate, fee, and a client for credit and debt', async () => {
    const mock = server();
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'SER-1');
    await addLine({ amount: '12.345', fee: '101' });
    await addLine({ type: 'credit', amount: '50' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(
      within(line(1)).getByText('Ensure that there are no more than 2 decimal places.'),
    ).toBeInTheDocument();
    expect(within(line(1)).getByText('Ensure this value is less than or equal to 100.')).toBeInTheDocument();
    expect(within(line(2)).getByText('Choose a client.')).toBeInTheDocument();
    expect(screen.getByText('Please correct the highlighted fields.')).toHaveAttribute('role', 'alert');
    expect(mock.callsTo('POST', '/api/items/')).toHaveLength(0);
  });

  it('saves, then alerts "Inventory item added successfully!", then goes to /inventory/manage', async () => {
    const mock = server();
    alertSpy.mockImplementation(() => {
      // The alert comes after the server said yes, and before the page moves on.
      expect(mock.callsTo('POST', '/api/items/')).toHaveLength(1);
      expect(location()).toBe('/inventory/add');
    });
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Serial Number'), ' RX-2026-1 ');
    await userEvent.selectOptions(field('Stock Type'), 'Watches');
    await userEvent.selectOptions(field('Brand'), await screen.findByRole('option', { name: 'Rolex' }));
    await userEvent.selectOptions(field('Model'), 'Daytona');
    await userEvent.type(field('Description'), 'Box and papers');
    await userEvent.type(field('Trade Price (£)'), '15000');
    await userEvent.type(field('Retail Price (£)'), '18999.99');
    await userEvent.selectOptions(field('Status'), 'Unavailable');
    await addLine({ amount: '12000', currency: 'EUR', rate: '0.85', fee: '1' });
    await addLine({ type: 'credit', amount: '2500', client: 'Ann' });
    expect(total()).toHaveValue('12598.00');
    // Issue 13: second-hand stock is margin-scheme unless the dealer says the item carries VAT.
    expect(field('VAT scheme')).toHaveDisplayValue('Margin scheme (second-hand)');
    await userEvent.selectOptions(field('VAT scheme'), 'Standard rate (VAT charged)');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));

    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item added successfully!'));
    await waitFor(() => expect(location()).toBe('/inventory/manage?highlight=77'));
    expect(mock.callsTo('POST', '/api/items/')[0]?.body).toEqual({
      serial: 'RX-2026-1',
      stockType: 'Watches',
      brand: 'Rolex',
      model: 'Daytona',
      description: 'Box and papers',
      purchasedOn: today(),
      vatScheme: 'standard',
      location: '',
      tradePrice: '15000',
      retailPrice: '18999.99',
      status: 'unavailable',
      transactions: [
        {
          type: 'cash',
          amount: '12000',
          currency: 'EUR',
          exchangeRate: '0.85',
          feePercent: '1',
          method: 'Cash',
        },
        { type: 'credit', amount: '2500', clientId: 4 },
      ],
    });
  });

  it('shows the server’s field errors next to the fields and keeps the input (duplicate serial, bad line)', async () => {
    const mock = server({
      'POST /api/items/': {
        status: 400,
        body: {
          serial: ['An item with this serial already exists.'],
          transactions: ['Line 1: clientId: Invalid pk "4" - object does not exist.'],
        },
      },
    });
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'DUP-1');
    await addLine({ type: 'debt', amount: '75', client: 'Ann' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('An item with this serial already exists.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(field('Serial Number')).toHaveValue('DUP-1');
    expect(field('Serial Number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(line(1)).getByText('Invalid pk "4" - object does not exist.')).toBeInTheDocument();
    expect(within(line(1)).getByLabelText('Amount')).toHaveValue('75');
    expect(alertSpy).not.toHaveBeenCalled();
    expect(location()).toBe('/inventory/add');
    expect(mock.callsTo('POST', '/api/items/')).toHaveLength(1);
  });

  it('says so when the server fails without details', async () => {
    server({ 'POST /api/items/': { status: 500 } });
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'X-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('The item could not be saved. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('uploads the chosen image after the item is saved, with progress, then alerts', async () => {
    const mock = server();
    let finishUpload = () => undefined as void;
    const xhr = installFakeXhr(
      () => ({ status: 201, body: { id: 1, name: 'front.png', contentType: 'image/png', size: 3 } }),
      { until: new Promise<void>((resolve) => (finishUpload = resolve)) },
    );
    restoreXhr = xhr.restore;
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'IMG-1');
    const file = new File(['png'], 'front.png', { type: 'image/png' });
    await userEvent.upload(field('Image'), file);
    expect(screen.getByRole('img', { name: 'Preview of front.png' })).toHaveAttribute('src', 'blob:preview');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByRole('progressbar', { name: 'Image upload' })).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
    finishUpload();
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item added successfully!'));
    expect(xhr.sent).toHaveLength(1);
    expect(xhr.sent[0]?.url).toBe('/api/api/items/77/images/');
    expect((xhr.sent[0]?.body.get('file') as File).name).toBe('front.png');
    expect(mock.callsTo('POST', '/api/items/')).toHaveLength(1);
    await waitFor(() => expect(location()).toBe('/inventory/manage?highlight=77'));
  });

  it('refuses a file that is not an image before sending anything', async () => {
    server();
    renderAdd();
    await screen.findByLabelText('Image');
    await userEvent.upload(field('Image'), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(screen.getByText('Choose an image file.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('when the image fails after the item was saved, says so and lets the user retry or go on', async () => {
    const mock = server();
    let answer = { status: 413, body: { detail: 'The image is larger than 10 MB.' } as unknown };
    const xhr = installFakeXhr(() => answer);
    restoreXhr = xhr.restore;
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'IMG-2');
    await userEvent.upload(field('Image'), new File(['big'], 'big.jpg', { type: 'image/jpeg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(
      await screen.findByText('Item IMG-2 was saved, but its image was not uploaded.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The image is larger than 10 MB.')).toHaveAttribute('role', 'alert');
    expect(alertSpy).not.toHaveBeenCalled();
    expect(field('Serial Number')).toBeDisabled();

    answer = { status: 201, body: { id: 2 } };
    await userEvent.click(screen.getByRole('button', { name: 'Retry Upload' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item added successfully!'));
    expect(mock.callsTo('POST', '/api/items/')).toHaveLength(1);
    expect(xhr.sent).toHaveLength(2);
    await waitFor(() => expect(location()).toBe('/inventory/manage?highlight=77'));
  });

  it('"Continue Without Image" finishes without the image', async () => {
    server();
    const xhr = installFakeXhr(() => ({ status: 400, body: { file: ['Upload a valid image.'] } }));
    restoreXhr = xhr.restore;
    renderAdd();
    await userEvent.type(await screen.findByLabelText('Serial Number'), 'IMG-3');
    await userEvent.upload(field('Image'), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Upload a valid image.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Without Image' }));
    expect(alertSpy).toHaveBeenCalledWith('Inventory item added successfully!');
    await waitFor(() => expect(location()).toBe('/inventory/manage?highlight=77'));
  });
});

describe('/inventory/edit/:id', () => {
  const stored = () =>
    makeItem({
      id: 7,
      serial: 'ED-7',
      brand: 'Omega',
      model: 'Seamaster',
      description: 'Blue dial',
      purchasePrice: 4567.8,
      tradePrice: 5200,
      retailPrice: 6100,
      listingPrice: 6100,
      status: 'checked_out',
      purchasedOn: '2026-01-05',
      images: [{ id: 3, name: 'dial.jpg', contentType: 'image/jpeg', size: 1000 }],
      transactions: [
        {
          id: 1,
          type: 'cash',
          amount: 5000,
          currency: 'USD',
          exchangeRate: 0.8,
          feePercent: 1,
          clientId: null,
          clientName: null,
          amountGbp: 3960,
        },
        {
          id: 2,
          type: 'credit',
          amount: 607.8,
          currency: 'GBP',
          exchangeRate: 1,
          feePercent: 0,
          clientId: 4,
          clientName: 'Ann Smith',
          amountGbp: 607.8,
        },
      ],
    });

  const renderEdit = (id = '7') =>
    renderWithProviders(<EditItemPage />, { route: `/inventory/edit/${id}`, path: '/inventory/edit/:id' });

  it('loads the item; status and the three prices are read-only; transactions and images are shown', async () => {
    server({ 'GET /api/items/7/': { body: stored() } });
    renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Inventory Item' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Serial Number')).toHaveValue('ED-7');
    expect(field('Brand')).toHaveValue('Omega');
    expect(field('Model')).toHaveValue('Seamaster');
    expect(field('Description')).toHaveValue('Blue dial');
    expect(field('Purchase Date')).toHaveValue('2026-01-05');
    for (const [label, value] of [
      ['Status', 'Checked Out'],
      ['Purchase Price (£)', '4567.80'],
      ['Trade Price (£)', '5200.00'],
      ['Retail Price (£)', '6100.00'],
    ]) {
      expect(field(label!)).toHaveAttribute('readonly');
      expect(field(label!)).toHaveValue(value);
    }
    const rows = within(screen.getByRole('table', { name: 'Purchase transactions' })).getAllByRole('row');
    expect(Array.from(rows[1]!.children).map((c) => c.textContent)).toEqual([
      'Cash',
      '$5,000.00',
      '0.8',
      '1',
      '—',
      '£3,960.00',
    ]);
    expect(Array.from(rows[2]!.children).map((c) => c.textContent)).toEqual([
      'Credit',
      '£607.80',
      '1',
      '0',
      'Ann Smith',
      '£607.80',
    ]);
    expect(screen.getByRole('img', { name: 'dial.jpg' })).toHaveAttribute(
      'src',
      '/api/api/items/7/images/3/',
    );
    expect(screen.getByRole('button', { name: 'Update Item' })).toHaveAttribute('type', 'submit');
  });

  it('saves the descriptive fields only, alerts with the item id, then goes to /inventory/manage', async () => {
    const mock = server({
      'GET /api/items/7/': { body: stored() },
      'PUT /api/items/7/': (call) => ({ body: { ...stored(), ...(call.body as object) } }),
    });
    alertSpy.mockImplementation(() => expect(mock.callsTo('PUT', '/api/items/7/')).toHaveLength(1));
    renderEdit();
    await userEvent.clear(await screen.findByLabelText('Serial Number'));
    await userEvent.type(field('Serial Number'), 'ED-7B');
    await userEvent.selectOptions(field('Brand'), await screen.findByRole('option', { name: 'Cartier' }));
    expect(field('Model')).toHaveValue('');
    await userEvent.selectOptions(field('Model'), 'Santos');
    await userEvent.selectOptions(field('Stock Type'), 'Jewellery');
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item 7 updated successfully!'));
    expect(mock.callsTo('PUT', '/api/items/7/')[0]?.body).toEqual({
      serial: 'ED-7B',
      stockType: 'Jewellery',
      brand: 'Cartier',
      model: 'Santos',
      description: 'Blue dial',
      purchasedOn: '2026-01-05',
      vatScheme: 'margin',
      location: '',
      version: 1,
    });
    await waitFor(() => expect(location()).toBe('/inventory/manage?highlight=7'));
  });

  it('requires the serial number', async () => {
    const mock = server({ 'GET /api/items/7/': { body: stored() } });
    renderEdit();
    await userEvent.clear(await screen.findByLabelText('Serial Number'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    expect(screen.getByText('Serial number is required.')).toBeInTheDocument();
    expect(mock.callsTo('PUT', '/api/items/7/')).toHaveLength(0);
  });

  it('shows a duplicate serial next to the field and keeps the input', async () => {
    server({
      'GET /api/items/7/': { body: stored() },
      'PUT /api/items/7/': { status: 400, body: { serial: ['An item with this serial already exists.'] } },
    });
    renderEdit();
    await userEvent.clear(await screen.findByLabelText('Serial Number'));
    await userEvent.type(field('Serial Number'), 'TAKEN');
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    expect(await screen.findByText('An item with this serial already exists.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(field('Serial Number')).toHaveValue('TAKEN');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('uploads a new image after saving, and removes an existing one (sent when the page closes)', async () => {
    const mock = server({
      'GET /api/items/7/': { body: stored() },
      'PUT /api/items/7/': { body: stored() },
      'DELETE /api/items/7/images/3/': { status: 204 },
    });
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 4 } }));
    restoreXhr = xhr.restore;
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove image dial.jpg' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'dial.jpg' })).not.toBeInTheDocument());
    // Undoable: the removal waits for its toast, or for the page to close.
    expect(mock.callsTo('DELETE', '/api/items/7/images/3/')).toHaveLength(0);
    await userEvent.upload(field('Add Image'), new File(['x'], 'back.webp', { type: 'image/webp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item 7 updated successfully!'));
    await waitFor(() => expect(mock.callsTo('DELETE', '/api/items/7/images/3/')).toHaveLength(1));
    expect(xhr.sent[0]?.url).toBe('/api/api/items/7/images/');
  });

  it('says when the item does not exist (or is another shop’s)', async () => {
    server({ 'GET /api/items/7/': { status: 404, body: { detail: 'Not found.' } } });
    renderEdit();
    expect(
      await screen.findByText('This item does not exist, or it belongs to another shop.'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Update Item' })).not.toBeInTheDocument();
  });

  it('offers Retry when loading fails', async () => {
    const mock = server({ 'GET /api/items/7/': { status: 503, body: { detail: 'Try later.' } } });
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Try later.');
    mock.on('GET /api/items/7/', { body: stored() });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Serial Number')).toHaveValue('ED-7');
  });
});
