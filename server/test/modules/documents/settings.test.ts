import {
  DEFAULT_WORKSHOP_TERMS,
  SETTINGS_NOT_ALLOWED,
  endpoints,
  pathOf,
  type ShopSettings,
} from '@loupe/contracts';
import {
  INVALID_COMPANY_NUMBER,
  INVALID_PREFIX,
  INVALID_PRICE_CODE,
  INVALID_RATE,
  INVALID_TIME_ZONE,
  INVALID_VAT_NUMBER,
  PRICE_CODE_REQUIRED,
} from '../../../src/modules/documents/settings-service';
import { apiTestbed, type Browser } from '../../helper';
import { storedKeys } from '../../kernel/file-store-helpers';

const { state, as } = apiTestbed();
const SETTINGS = pathOf(endpoints.settings.get);
const LOGO = pathOf(endpoints.settings.logo);

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

function uploadLogo(browser: Browser, bytes: Buffer, name = 'logo.png', type = 'image/png') {
  const boundary = '----loupe-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return browser.post(LOGO, body, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const settingsAudit = () =>
  state.db.query<{
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(`SELECT action, before, after FROM audit_log WHERE entity = 'shop_settings' ORDER BY id`);

describe('GET/PUT /api/shop/settings/', () => {
  it('"Silver sees costs and profit" is off by default; the owner turns it on and silver sessions say so', async () => {
    const silverCheck = async () =>
      (await (await as('silver')).get('/auth-check/')).json().permission_settings;
    expect(await silverCheck()).toEqual({ silverSeesCosts: false });
    const owner = await as('platinum');
    const saved = await owner.put(SETTINGS, { silverSeesCosts: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().silverSeesCosts).toBe(true);
    expect(await silverCheck()).toEqual({ silverSeesCosts: true });
    // Gold may not change it (the owner's settings).
    expect((await (await as('gold')).put(SETTINGS, { silverSeesCosts: false })).statusCode).toBe(403);
    await owner.put(SETTINGS, { silverSeesCosts: false });
    expect(await silverCheck()).toEqual({ silverSeesCosts: false });
  });

  it('a shop that never saved its settings reads the defaults; every member may read them', async () => {
    for (const role of ['platinum', 'gold', 'silver'] as const) {
      const response = await (await as(role)).get(SETTINGS);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        shopId: state.fx.shopId,
        shopName: 'Loupe Demo',
        legalName: '',
        tradingName: '',
        address: '',
        phone: '',
        email: '',
        vatNumber: '',
        companyNumber: '',
        invoiceFooter: '',
        approvalTerms: '',
        workshopTerms: DEFAULT_WORKSHOP_TERMS,
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
        // Issue 22: calendar VAT quarters (HMRC stagger 1) until the owner says otherwise.
        vatStagger: 1,
        hvdRegistrationNumber: '',
        logo: null,
        updatedAt: null,
        updatedBy: null,
      });
    }
    expect((await (await as('anonymous')).get(SETTINGS)).statusCode).toBe(401);
  });

  it('the owner saves them, normalised, and the change is audited field by field', async () => {
    const owner = await as('platinum');
    const response = await owner.put(SETTINGS, {
      legalName: ' Domínguez & Panthère Ltd ',
      address: '1 Bond Street\nLondon W1S 1AA',
      phone: '+44 20 7946 0000',
      email: 'shop@example.com',
      vatNumber: 'gb 123 4567 89',
      companyNumber: 'sc123456',
      invoicePrefix: 'ldw-',
      timezone: 'Europe/Paris',
      amlEurGbpRate: '0.8612',
      labelPrice: 'code',
      priceCodeKey: 'blackhorse',
    });
    expect(response.statusCode).toBe(200);
    const saved: ShopSettings = response.json();
    expect(saved).toMatchObject({
      legalName: 'Domínguez & Panthère Ltd',
      address: '1 Bond Street\nLondon W1S 1AA',
      vatNumber: 'GB123456789',
      companyNumber: 'SC123456',
      invoicePrefix: 'LDW-',
      creditNotePrefix: 'CN-',
      timezone: 'Europe/Paris',
      amlEurGbpRate: 0.8612,
      labelPrice: 'code',
      priceCodeKey: 'BLACKHORSE',
      updatedBy: 'platinum',
    });
    // Omitted fields keep what was saved.
    const again = await owner.put(SETTINGS, { tradingName: 'Loupe' });
    expect(again.json()).toMatchObject({ tradingName: 'Loupe', vatNumber: 'GB123456789' });
    const rows = await settingsAudit();
    expect(rows.map((r) => r.action)).toEqual(['update', 'update']);
    expect(rows[1]?.before).toMatchObject({ tradingName: '' });
    expect(rows[1]?.after).toMatchObject({ tradingName: 'Loupe' });
    const activity = (await owner.get('/api/activity/?entity=shop_settings')).json();
    expect(activity.results[0].summary).toBe('Changed the shop settings: trading name');
    // The shop's days now follow its new zone.
    const zone = await state.db.query<{ timezone: string }>('SELECT timezone FROM shops WHERE id = $1', [
      state.fx.shopId,
    ]);
    expect(zone[0]?.timezone).toBe('Europe/Paris');
  });

  it('answers a field error for each bad value, and saves nothing', async () => {
    const owner = await as('platinum');
    const response = await owner.put(SETTINGS, {
      email: 'not-an-email',
      phone: 'call me',
      vatNumber: 'GB12345',
      companyNumber: '1234',
      invoicePrefix: 'INV 2026',
      creditNotePrefix: '',
      timezone: 'Mars/Olympus',
      amlEurGbpRate: '0',
      priceCodeKey: 'AABBCCDDEE',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Enter a valid email address.'],
      phone: ['Enter a valid phone number.'],
      vatNumber: [INVALID_VAT_NUMBER],
      companyNumber: [INVALID_COMPANY_NUMBER],
      invoicePrefix: [INVALID_PREFIX],
      creditNotePrefix: [INVALID_PREFIX],
      timezone: [INVALID_TIME_ZONE],
      amlEurGbpRate: [INVALID_RATE],
      priceCodeKey: [INVALID_PRICE_CODE],
    });
    const code = await owner.put(SETTINGS, { labelPrice: 'code' });
    expect(code.json()).toEqual({ priceCodeKey: [PRICE_CODE_REQUIRED] });
    const choice = await owner.put(SETTINGS, { labelPrice: 'cost' });
    expect(choice.statusCode).toBe(400);
    expect(await settingsAudit()).toEqual([]);
    expect((await owner.get(SETTINGS)).json().updatedAt).toBeNull();
  });

  it('only the owner changes them: gold and silver get 403; each shop has its own', async () => {
    for (const role of ['gold', 'silver'] as const) {
      const response = await (await as(role)).put(SETTINGS, { legalName: 'Mine now' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: SETTINGS_NOT_ALLOWED });
      expect((await uploadLogo(await as(role), PNG)).statusCode).toBe(403);
    }
    await (await as('platinum')).put(SETTINGS, { legalName: 'Loupe Demo Ltd' });
    const rival = (await (await as('rival')).get(SETTINGS)).json();
    expect([rival.shopName, rival.legalName]).toEqual(['Rival Watches', '']);
  });
});

describe('the logo', () => {
  it('takes a PNG or JPEG by content, replaces the old one (its bytes go), serves it, and removes it', async () => {
    const owner = await as('platinum');
    const first = await uploadLogo(owner, PNG);
    expect(first.statusCode).toBe(201);
    expect(first.json().logo).toEqual({ contentType: 'image/png', size: PNG.length });
    const keysAfterFirst = await storedKeys(state.db);
    expect(keysAfterFirst).toHaveLength(1);

    // A JPEG named .html is a JPEG: the content decides.
    const second = await uploadLogo(owner, JPEG, 'logo.html', 'text/html');
    expect(second.json().logo).toEqual({ contentType: 'image/jpeg', size: JPEG.length });
    const keys = await storedKeys(state.db);
    expect(keys).toHaveLength(1);
    expect(keys).not.toEqual(keysAfterFirst);

    const served = await (await as('silver')).get(LOGO);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    // Named by what it is, never by the name it was uploaded under; never sniffed into anything else.
    expect(served.headers['content-disposition']).toBe('inline; filename="logo.jpg"');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const removed = await owner.send('DELETE', LOGO);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logo).toBeNull();
    expect(await storedKeys(state.db)).toEqual([]);
    expect((await owner.get(LOGO)).statusCode).toBe(404);
    expect((await owner.send('DELETE', LOGO)).statusCode).toBe(404);
    expect((await settingsAudit()).map((r) => r.action)).toEqual([
      'upload_logo',
      'upload_logo',
      'delete_logo',
    ]);
  });

  it('refuses another image type (400) and anything over 1 MB (413), keeping nothing', async () => {
    const owner = await as('platinum');
    const gif = await uploadLogo(owner, GIF, 'logo.gif', 'image/gif');
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toEqual({ file: ['Upload a PNG or JPEG image.'] });
    const big = await uploadLogo(owner, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'The logo is too large (the limit is 1 MB).' });
    expect(await storedKeys(state.db)).toEqual([]);
    expect((await owner.get(SETTINGS)).json().logo).toBeNull();
  });
});
