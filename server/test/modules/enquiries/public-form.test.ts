import { ENQUIRY_FORM_ERRORS, type EnquiryList } from '@loupe/contracts';
import { ENQUIRIES, enquiriesTestbed } from './setup';

// Issue 24 item 2: the enquiry form's public POST — a lead kept, the spam traps (honeypot, time trap, the
// per-address limit) and the form shown again with its errors. Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL. The clock starts 2026-03-01 09:00 UTC.
const { state, as, rebuild, storefront, listedItem, postEnquiry, enquiryRows } = enquiriesTestbed();
const HOUR = 3600_000;

describe('an enquiry posted from an item page', () => {
  it('is kept as a new lead and answered with a redirect to the thank-you page', async () => {
    await storefront();
    const itemId = await listedItem();
    const response = await postEnquiry('hart', itemId);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/store/hart/items/${itemId}/enquiry/sent`);
    expect(await enquiryRows()).toEqual([
      expect.objectContaining({
        shop_id: state.fx.shopId,
        item_id: itemId,
        on_offer: true,
        name: 'Ann Buyer',
        email: 'ann@example.com',
        message: 'Is the bracelet full size?\nAnd are the papers dated?',
        status: 'new',
      }),
    ]);
    const thanks = await state.app.inject({ method: 'GET', url: response.headers.location as string });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.headers['content-type']).toMatch(/^text\/html/);
    expect(thanks.body).toContain('<h1>Thank you for your enquiry</h1>');
    expect(thanks.body).toContain('Hart &amp; Sons has your message about the Rolex Submariner 126610LN');
    // The staff see it: the list and the dashboard's count of new enquiries.
    const list = (await (await as('silver')).get(`${ENQUIRIES}?status=new`)).json<EnquiryList>();
    expect(list.counts).toEqual({ new: 1, open: 1, all: 1 });
    expect(list.results.map((e) => [e.name, e.item.title, e.item.online])).toEqual([
      ['Ann Buyer', 'Rolex Submariner 126610LN', true],
    ]);
  });

  it('takes a phone number instead of an e-mail address', async () => {
    await storefront();
    const itemId = await listedItem();
    const response = await postEnquiry('hart', itemId, { email: '', phone: '+44 7700 900123' });
    expect(response.statusCode).toBe(303);
    expect((await enquiryRows()).map((r) => [r.email, r.phone])).toEqual([['', '+44 7700 900123']]);
  });

  it('is still taken about an item sold since its page was served, marked as no longer on offer', async () => {
    await storefront();
    const itemId = await listedItem({ status: 'sold' });
    expect((await postEnquiry('hart', itemId)).statusCode).toBe(303);
    expect((await enquiryRows()).map((r) => r.on_offer)).toEqual([false]);
  });

  it('is a 404 page for an unknown or closed storefront, or another shop’s item, and keeps nothing', async () => {
    await storefront();
    await storefront('rival', state.fx.otherShopId);
    const rivals = await listedItem({ shopId: state.fx.otherShopId });
    const ours = await listedItem();
    for (const [slug, id] of [
      ['nowhere', ours],
      ['hart', rivals],
      ['hart', 999999],
    ] as const) {
      const response = await postEnquiry(slug, id);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<h1>Page not found</h1>');
    }
    const bad = await state.app.inject({
      method: 'POST',
      url: '/store/hart/items/12abc/enquiry',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(bad.statusCode).toBe(404);
    await state.db.query('UPDATE storefronts SET enabled = false WHERE slug = $1', ['hart']);
    expect((await postEnquiry('hart', ours)).statusCode).toBe(404);
    expect(await enquiryRows()).toEqual([]);
  });
});

describe('the form on the storefront’s item page', () => {
  it('is drawn with its time trap and honeypot styled away, and a browser’s post of it is kept', async () => {
    await storefront();
    const itemId = await listedItem();
    const short = await state.app.inject({ method: 'GET', url: `/store/hart/items/${itemId}` });
    const page = await state.app.inject({ method: 'GET', url: short.headers.location as string });
    expect(page.statusCode).toBe(200);
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)![1]!;
    expect(action).toBe(`/store/hart/items/${itemId}/enquiry`);
    const started = /name="started" value="([^"]+)"/.exec(page.body)![1]!;
    expect(page.body).toMatch(/<div class="trap hp" aria-hidden="true">/);
    // The page's one style sheet moves the honeypot off-screen (no inline style under its CSP).
    const sheet = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)![1]!;
    const css = (await state.app.inject({ method: 'GET', url: sheet })).body;
    expect(css).toContain('.enquiry .trap{position:absolute;left:-10000px');
    state.clock.advance(8_000);
    const sent = await state.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        started,
        name: 'Ann Buyer',
        email: 'ann@example.com',
        phone: '',
        message: 'Still available?',
        website: '',
        consent: 'yes',
      }).toString(),
    });
    expect(sent.statusCode).toBe(303);
    expect((await enquiryRows()).map((r) => r.message)).toEqual(['Still available?']);
  });
});

describe('spam defences', () => {
  it('answers a filled-in honeypot exactly as an accepted enquiry, and keeps nothing', async () => {
    await storefront();
    const itemId = await listedItem();
    const response = await postEnquiry('hart', itemId, { website: 'http://cheap-pills.example' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/store/hart/items/${itemId}/enquiry/sent`);
    expect(await enquiryRows()).toEqual([]);
  });

  it('refuses a form sent within three seconds of its page, keeping the text and asking to send it again', async () => {
    await storefront();
    const itemId = await listedItem();
    const response = await postEnquiry('hart', itemId, {}, { afterMs: 1_000 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(ENQUIRY_FORM_ERRORS.tooFast);
    expect(response.body).toContain('value="Ann Buyer"');
    expect(await enquiryRows()).toEqual([]);
  });

  it('refuses a form older than a day, a tampered time trap and a missing one', async () => {
    await storefront();
    const itemId = await listedItem();
    const expired = await postEnquiry('hart', itemId, {}, { afterMs: 25 * HOUR });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain(ENQUIRY_FORM_ERRORS.expired);

    const { started } = (() => {
      const html = /name="started" value="([^"]+)"/.exec(expired.body)!;
      return { started: html[1]! };
    })();
    // The issue time moved back a minute, the signature left as it was: not this server's.
    const [issued, ...rest] = started.split('.');
    const tampered = [String(Number(issued) - 60_000), ...rest].join('.');
    expect((await postEnquiry('hart', itemId, { started: tampered })).statusCode).toBe(400);
    expect((await postEnquiry('hart', itemId, { started: null })).statusCode).toBe(400);
    // A time trap served for another item does not serve this one.
    const other = await listedItem();
    const forOther = /name="started" value="([^"]+)"/.exec(
      (await postEnquiry('hart', other, {}, { afterMs: 25 * HOUR })).body,
    )![1]!;
    state.clock.advance(5_000);
    expect((await postEnquiry('hart', itemId, { started: forOther })).statusCode).toBe(400);
    expect(await enquiryRows()).toEqual([]);
  });

  it('takes ENQUIRIES_PER_HOUR posts from one address, then answers 429 with Retry-After', async () => {
    await rebuild({ ENQUIRIES_PER_HOUR: '2' });
    await storefront();
    const itemId = await listedItem();
    expect((await postEnquiry('hart', itemId)).statusCode).toBe(303);
    // Honeypot and refused posts count too: the limit is on posts, before anything is read.
    expect((await postEnquiry('hart', itemId, { website: 'x' })).statusCode).toBe(303);
    const refused = await postEnquiry('hart', itemId);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('<h1>Too many enquiries</h1>');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own allowance.
    expect((await postEnquiry('hart', itemId, {}, { address: '198.51.100.4' })).statusCode).toBe(303);
    expect(await enquiryRows()).toHaveLength(2);
  });
});

describe('the form shown again', () => {
  it('asks for an e-mail address or a phone number, beside the e-mail field', async () => {
    await storefront();
    const itemId = await listedItem();
    const response = await postEnquiry('hart', itemId, { email: '', phone: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      `<p class="error" id="enquiry-email-error">${ENQUIRY_FORM_ERRORS.contact}</p>`,
    );
    expect(response.body).toContain('<h1>Ask about Rolex Submariner 126610LN</h1>');
    expect(await enquiryRows()).toEqual([]);
  });

  it('requires the consent box, a valid e-mail address and phone number, a name and a message', async () => {
    await storefront();
    const itemId = await listedItem();
    const response = await postEnquiry('hart', itemId, {
      consent: null,
      email: 'not-an-address',
      phone: 'call me',
      name: '   ',
      message: '',
    });
    expect(response.statusCode).toBe(400);
    for (const [field, words] of [
      ['consent', ENQUIRY_FORM_ERRORS.consent],
      ['email', ENQUIRY_FORM_ERRORS.email],
      ['phone', ENQUIRY_FORM_ERRORS.phone],
      ['name', ENQUIRY_FORM_ERRORS.name],
      ['message', ENQUIRY_FORM_ERRORS.message],
    ]) {
      expect(response.body).toContain(`<p class="error" id="enquiry-${field}-error">${words}</p>`);
    }
    expect(await enquiryRows()).toEqual([]);
  });

  it('escapes whatever was typed', async () => {
    await storefront();
    const itemId = await listedItem();
    const response = await postEnquiry('hart', itemId, {
      consent: null,
      name: '"><script>alert(1)</script>',
      message: '</textarea><img src=x onerror=alert(2)>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.body).toContain('&lt;/textarea&gt;&lt;img src=x onerror=alert(2)&gt;</textarea>');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
