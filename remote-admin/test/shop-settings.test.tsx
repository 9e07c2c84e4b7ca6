import { INVALID_HVD_NUMBER, type ShopSettings } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShopSettingsPage } from '../src/features/settings/components/shop-settings-page';
import routes from '../src/routes';
import { installFakeXhr } from '@loupe/platform/testing';

const SETTINGS = '/api/shop/settings/';
const LOGO = '/api/shop/settings/logo/';

const STORED: ShopSettings = {
  shopId: 1,
  shopName: 'Loupe Demo',
  legalName: 'Loupe Demo Ltd',
  tradingName: 'Loupe',
  address: '1 Hatton Garden\nLondon EC1N 8JY',
  phone: '020 7946 0000',
  email: 'shop@loupe.test',
  vatNumber: '',
  companyNumber: '',
  invoiceFooter: 'Thank you.',
  approvalTerms: 'Goods remain ours until paid.',
  workshopTerms: 'Pieces left 90 days after notice may be sold.',
  invoicePrefix: 'INV-',
  creditNotePrefix: 'CN-',
  timezone: 'Europe/London',
  amlEurGbpRate: 0.85,
  labelPrice: 'retail',
  priceCodeKey: '',
  layawayCancelPolicy: 'refund',
  silverSeesCosts: false,
  purchaseIdentityThresholdGbp: 1000,
  purchaseRegisterCheckThresholdGbp: 1000,
  vatStagger: 1,
  hvdRegistrationNumber: '',
  logo: null,
  updatedAt: null,
  updatedBy: null,
};

/** The settings service: PUT merges what was sent (its own rules are the test's), answering the whole. */
function server(initial: ShopSettings = STORED): FetchMock {
  let current = { ...initial };
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('platinum') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${SETTINGS}`]: () => ({ body: current }),
    [`PUT ${SETTINGS}`]: (call) => {
      const body = call.body as Partial<ShopSettings> & {
        amlEurGbpRate?: string;
        purchaseIdentityThresholdGbp?: string;
        purchaseRegisterCheckThresholdGbp?: string;
      };
      current = {
        ...current,
        ...body,
        amlEurGbpRate: Number(body.amlEurGbpRate ?? current.amlEurGbpRate),
        purchaseIdentityThresholdGbp: Number(
          body.purchaseIdentityThresholdGbp ?? current.purchaseIdentityThresholdGbp,
        ),
        purchaseRegisterCheckThresholdGbp: Number(
          body.purchaseRegisterCheckThresholdGbp ?? current.purchaseRegisterCheckThresholdGbp,
        ),
        updatedAt: '2026-11-23T12:00:00Z',
        updatedBy: 'platinum',
      } as ShopSettings;
      return { body: current };
    },
    [`GET ${LOGO}`]: { body: 'png bytes' },
    [`DELETE ${LOGO}`]: () => {
      current = { ...current, logo: null };
      return { body: current };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

const show = () => renderWithProviders(<ShopSettingsPage />, { route: '/settings/shop' });
const field = (label: string) => screen.getByLabelText(label);
const errorOf = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert');

const LABELS = [
  'Legal name',
  'Trading name',
  'Address',
  'Phone',
  'Email',
  'VAT registration number',
  'Company number',
  'Invoice footer',
  'Approval terms',
  'Workshop terms',
  'Invoice number prefix',
  'Credit note prefix',
  'Time zone',
  'EUR/GBP rate for the cash guard',
  'Label price',
  'Price code letters',
  'Cancelled layaway',
  'VAT quarters end in',
];

// The time zone select holds every IANA zone (about 400 options), which makes jsdom slow under a busy machine.
jest.setTimeout(20_000);

describe('/settings/shop', () => {
  it('is the owner’s only', () => {
    // The settings prefix also holds the Outbox (platinum and gold, its own routes test): these two are the owner's.
    expect(routes['/settings']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'shop', roles: ['platinum'] }),
        expect.objectContaining({ path: 'catalogue', roles: ['platinum'] }),
      ]),
    );
  });

  it('shows every setting, labelled, filled with the stored values', async () => {
    server();
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Shop Settings' })).toBeInTheDocument();
    expect(document.title).toBe('Shop Settings · Loupe');
    await screen.findByLabelText('Legal name');
    for (const label of LABELS) expect(field(label)).toBeInTheDocument();
    expect(field('Legal name')).toHaveValue('Loupe Demo Ltd');
    expect(field('Address')).toHaveValue('1 Hatton Garden\nLondon EC1N 8JY');
    expect(field('Address').tagName).toBe('TEXTAREA');
    expect(field('Workshop terms')).toHaveValue('Pieces left 90 days after notice may be sold.');
    expect(field('Workshop terms').tagName).toBe('TEXTAREA');
    expect(field('Time zone')).toHaveValue('Europe/London');
    // The zones are the browser's IANA names.
    const zones = within(field('Time zone'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(zones).toEqual(expect.arrayContaining(['Europe/London', 'Asia/Tokyo', 'America/New_York']));
    expect(field('EUR/GBP rate for the cash guard')).toHaveValue('0.85');
    expect(field('Label price')).toHaveValue('retail');
    expect(
      within(field('Label price'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Retail price', 'Price code', 'No price']);
    expect(screen.getByText('No logo yet: documents print the shop’s name alone.')).toBeInTheDocument();
  });

  it('saves every field and confirms', async () => {
    const mock = server();
    show();
    await userEvent.clear(await screen.findByLabelText('Trading name'));
    await userEvent.type(field('Trading name'), 'Loupe HG');
    await userEvent.type(field('VAT registration number'), 'GB123456789');
    await userEvent.selectOptions(field('Time zone'), 'Asia/Tokyo');
    await userEvent.selectOptions(field('Label price'), 'Price code');
    await userEvent.type(field('Price code letters'), 'watchblues');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved.')).toHaveAttribute('role', 'status');
    expect(mock.callsTo('PUT', SETTINGS)[0]?.body).toEqual({
      legalName: 'Loupe Demo Ltd',
      tradingName: 'Loupe HG',
      address: '1 Hatton Garden\nLondon EC1N 8JY',
      phone: '020 7946 0000',
      email: 'shop@loupe.test',
      vatNumber: 'GB123456789',
      companyNumber: '',
      invoiceFooter: 'Thank you.',
      approvalTerms: 'Goods remain ours until paid.',
      workshopTerms: 'Pieces left 90 days after notice may be sold.',
      invoicePrefix: 'INV-',
      creditNotePrefix: 'CN-',
      timezone: 'Asia/Tokyo',
      amlEurGbpRate: '0.85',
      labelPrice: 'code',
      priceCodeKey: 'WATCHBLUES',
      layawayCancelPolicy: 'refund',
      silverSeesCosts: false,
      purchaseIdentityThresholdGbp: '1000.00',
      purchaseRegisterCheckThresholdGbp: '1000.00',
      vatStagger: 1,
      hvdRegistrationNumber: '',
    });
    expect(mock.callsTo('PUT', SETTINGS)[0]?.headers['x-csrftoken']).toBe('t');
    expect(field('Price code letters')).toHaveValue('WATCHBLUES');
    expect(screen.getByText(/Last changed .* by platinum\./)).toBeInTheDocument();
  });

  it('chooses what a cancelled layaway does with the deposits: Refund or Forfeit', async () => {
    const mock = server();
    show();
    const policy = await screen.findByLabelText('Cancelled layaway');
    expect(policy).toHaveValue('refund');
    expect(
      within(policy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Refund', 'Forfeit']);
    await userEvent.selectOptions(policy, 'Forfeit');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved.')).toBeInTheDocument();
    expect(mock.callsTo('PUT', SETTINGS)[0]?.body).toEqual(
      expect.objectContaining({ layawayCancelPolicy: 'forfeit' }),
    );
    expect(field('Cancelled layaway')).toHaveValue('forfeit');
  });

  it('keeps HMRC’s AML registration number, and refuses another form before sending', async () => {
    const mock = server();
    show();
    const number = await screen.findByRole('textbox', { name: 'HMRC AML registration number' });
    await userEvent.type(number, 'XLML123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(INVALID_HVD_NUMBER)).toBeInTheDocument();
    expect(mock.callsTo('PUT', SETTINGS)).toHaveLength(0);
    await userEvent.clear(number);
    await userEvent.type(number, 'xlml 0000 0123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(mock.callsTo('PUT', SETTINGS)).toHaveLength(1));
    expect(mock.callsTo('PUT', SETTINGS)[0]?.body).toEqual(
      expect.objectContaining({ hvdRegistrationNumber: 'xlml 0000 0123 456' }),
    );
  });

  it('sets the buy-in due-diligence thresholds, and refuses a negative one before sending', async () => {
    const mock = server();
    show();
    const identity = await screen.findByLabelText('Seller identity from (£)');
    expect(identity).toHaveValue('1000.00');
    expect(field('Stolen-goods register check from (£)')).toHaveValue('1000.00');
    await userEvent.clear(identity);
    await userEvent.type(identity, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('The identity threshold must be an amount of £0 or more.'),
    ).toBeInTheDocument();
    expect(mock.callsTo('PUT', SETTINGS)).toHaveLength(0);
    await userEvent.clear(identity);
    await userEvent.type(identity, '0');
    await userEvent.clear(field('Stolen-goods register check from (£)'));
    await userEvent.type(field('Stolen-goods register check from (£)'), '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved.')).toBeInTheDocument();
    expect(mock.callsTo('PUT', SETTINGS)[0]?.body).toEqual(
      expect.objectContaining({
        purchaseIdentityThresholdGbp: '0',
        purchaseRegisterCheckThresholdGbp: '2500',
      }),
    );
    expect(field('Seller identity from (£)')).toHaveValue('0.00');
  });

  it('chooses the months the VAT quarters end in: HMRC’s three staggers, calendar quarters by default', async () => {
    const mock = server();
    show();
    const stagger = await screen.findByLabelText('VAT quarters end in');
    expect(stagger).toHaveValue('1');
    expect(
      within(stagger)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Mar, Jun, Sep, Dec (stagger 1)',
      'Apr, Jul, Oct, Jan (stagger 2)',
      'May, Aug, Nov, Feb (stagger 3)',
    ]);
    await userEvent.selectOptions(stagger, 'Apr, Jul, Oct, Jan (stagger 2)');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved.')).toBeInTheDocument();
    // Sent as the number the service checks (1, 2 or 3), and shown as saved.
    expect(mock.callsTo('PUT', SETTINGS)[0]?.body).toEqual(expect.objectContaining({ vatStagger: 2 }));
    expect(field('VAT quarters end in')).toHaveValue('2');
  });

  it('lets the owner show silver members costs and profit, off by default', async () => {
    const mock = server();
    show();
    const toggle = await screen.findByRole('checkbox', { name: 'Silver sees costs and profit' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Shop settings saved.')).toBeInTheDocument();
    expect(mock.callsTo('PUT', SETTINGS)[0]?.body).toEqual(
      expect.objectContaining({ silverSeesCosts: true }),
    );
    expect(screen.getByRole('checkbox', { name: 'Silver sees costs and profit' })).toBeChecked();
  });

  it('checks the prefixes, the rate and the price code letters before sending', async () => {
    const mock = server();
    show();
    await userEvent.clear(await screen.findByLabelText('Invoice number prefix'));
    await userEvent.type(field('Invoice number prefix'), 'inv 2026');
    await userEvent.clear(field('EUR/GBP rate for the cash guard'));
    await userEvent.type(field('EUR/GBP rate for the cash guard'), '0');
    await userEvent.selectOptions(field('Label price'), 'Price code');
    await userEvent.type(field('Price code letters'), 'AABBCCDDEE');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(errorOf('Invoice number prefix')).toHaveTextContent(
      'Invoice number prefix: 1 to 12 capital letters, digits, -, / or _.',
    );
    expect(errorOf('EUR/GBP rate for the cash guard')).toHaveTextContent(
      'The EUR/GBP rate must be a number greater than zero.',
    );
    expect(errorOf('Price code letters')).toHaveTextContent('Enter ten different letters.');
    expect(field('Invoice number prefix')).toHaveFocus();
    expect(mock.callsTo('PUT', SETTINGS)).toHaveLength(0);
  });

  it('shows the service’s field errors under their fields and keeps what was typed', async () => {
    const mock = server();
    mock.on(`PUT ${SETTINGS}`, {
      status: 400,
      body: {
        vatNumber: ['Enter a UK VAT number: GB and 9 or 12 digits.'],
        companyNumber: ['Enter 8 characters: digits, or two letters and 6 digits.'],
      },
    });
    show();
    await userEvent.type(await screen.findByLabelText('VAT registration number'), 'GB12');
    await userEvent.type(field('Company number'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(errorOf('VAT registration number')).toHaveTextContent(
        'Enter a UK VAT number: GB and 9 or 12 digits.',
      ),
    );
    expect(errorOf('Company number')).toHaveTextContent(
      'Enter 8 characters: digits, or two letters and 6 digits.',
    );
    expect(field('VAT registration number')).toHaveFocus();
    expect(field('VAT registration number')).toHaveValue('GB12');
    expect(screen.queryByText('Shop settings saved.')).not.toBeInTheDocument();
  });

  it('says what failed to load, with Retry', async () => {
    const mock = server();
    mock.on(`GET ${SETTINGS}`, { status: 503, body: { detail: 'Try later.' } });
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the shop settings. Try later.');
    mock.on(`GET ${SETTINGS}`, { body: STORED });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Legal name')).toHaveValue('Loupe Demo Ltd');
  });
});

describe('/settings/shop: the logo', () => {
  const png = (bytes: number, name = 'logo.png', type = 'image/png') =>
    new File([new Uint8Array(bytes)], name, { type });
  let restoreUrls: () => void = () => undefined;

  beforeEach(() => {
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = jest.fn(() => 'blob:logo-preview');
    URL.revokeObjectURL = jest.fn();
    restoreUrls = () => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    };
  });
  afterEach(() => restoreUrls());

  it('shows the current logo, fetched through the HTTP client', async () => {
    const mock = server({ ...STORED, logo: { contentType: 'image/png', size: 20480 } });
    show();
    const img = await screen.findByRole('img', { name: "The shop's current logo" });
    expect(img).toHaveAttribute('src', 'blob:logo-preview');
    expect(mock.callsTo('GET', LOGO)).toHaveLength(1);
    expect(screen.getByText('Current logo: PNG, 20 KB.')).toBeInTheDocument();
  });

  it('refuses another type or a file over 1 MB in the browser, with a clear message', async () => {
    server();
    const xhr = installFakeXhr(() => ({ status: 201, body: STORED }));
    try {
      show();
      const input = await screen.findByLabelText('Logo file');
      await userEvent.upload(input, png(100, 'logo.gif', 'image/gif'), { applyAccept: false });
      expect(await screen.findByText('The logo must be a PNG or JPEG image.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Upload Logo' })).not.toBeInTheDocument();

      await userEvent.upload(screen.getByLabelText('Logo file'), png(1024 * 1024 + 1));
      expect(
        await screen.findByText('The logo must be 1 MB or smaller; this file is 1.0 MB.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Upload Logo' })).not.toBeInTheDocument();
      expect(xhr.sent).toHaveLength(0);
    } finally {
      xhr.restore();
    }
  });

  it('uploads a PNG and shows it; shows the service’s 413 and 400 when it refuses', async () => {
    server();
    let answer: { status: number; body?: unknown } = { status: 413 };
    const xhr = installFakeXhr(() => answer);
    try {
      show();
      await userEvent.upload(await screen.findByLabelText('Logo file'), png(2048));
      await userEvent.click(screen.getByRole('button', { name: 'Upload Logo' }));
      expect(await screen.findByText('The logo must be 1 MB or smaller.')).toBeInTheDocument();

      answer = { status: 400, body: { file: ['The file is not a PNG or JPEG image.'] } };
      await userEvent.click(screen.getByRole('button', { name: 'Upload Logo' }));
      expect(await screen.findByText('The file is not a PNG or JPEG image.')).toBeInTheDocument();

      answer = { status: 201, body: { ...STORED, logo: { contentType: 'image/png', size: 2048 } } };
      await userEvent.click(screen.getByRole('button', { name: 'Upload Logo' }));
      expect(await screen.findByText('Logo uploaded.')).toBeInTheDocument();
      expect(await screen.findByRole('img', { name: "The shop's current logo" })).toBeInTheDocument();
      expect(screen.getByText('Current logo: PNG, 2 KB.')).toBeInTheDocument();
      expect(xhr.sent.at(-1)?.url).toBe('/api/api/shop/settings/logo/');
      expect((xhr.sent.at(-1)?.body.get('file') as File).name).toBe('logo.png');
    } finally {
      xhr.restore();
    }
  });

  it('removes the logo only after a confirmation', async () => {
    const mock = server({ ...STORED, logo: { contentType: 'image/jpeg', size: 4096 } });
    show();
    await screen.findByText('Current logo: JPEG, 4 KB.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Logo' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the logo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mock.callsTo('DELETE', LOGO)).toHaveLength(0);
    expect(screen.getByText('Current logo: JPEG, 4 KB.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Logo' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove the logo?' })).getByRole('button', {
        name: 'Remove Logo',
      }),
    );
    expect(await screen.findByText('Logo removed.')).toBeInTheDocument();
    expect(mock.callsTo('DELETE', LOGO)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('No logo yet: documents print the shop’s name alone.')).toBeInTheDocument();
  });
});
