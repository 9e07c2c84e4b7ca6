import {
  ENQUIRY_MESSAGES,
  type Client,
  type EnquiryDetail,
  type EnquiryList,
  type OutboxList,
} from '@loupe/contracts';
import { startSmtp } from '../mail/smtp-support';
import { ENQUIRIES, enquiriesTestbed, enquiry } from './setup';

// Issue 24 item 2, the staff's side: the list and its counts, one enquiry with its item and matching client,
// the reply (through a real local SMTP server, and kept in the outbox without one), conversion to an existing or
// a new client, closing; every member may; another shop's enquiry is a 404. PGlite and, with
// TEST_DATABASE_URL, PostgreSQL. The clock starts 2026-03-01 09:00 UTC.
const { state, as, create, rebuild, storefront, listedItem, postEnquiry } = enquiriesTestbed();
const DAY = 24 * 3600_000;

/** An enquiry about a listed Rolex, as a visitor posts it; its id. */
async function posted(fields: Record<string, string | null> = {}, shop: 'own' | 'other' = 'own') {
  const slug = shop === 'own' ? 'hart' : 'rival';
  const itemId = await listedItem({ shopId: shop === 'own' ? state.fx.shopId : state.fx.otherShopId });
  expect(
    (await postEnquiry(slug, itemId, fields, { address: `192.0.2.${Math.floor(Math.random() * 250)}` }))
      .statusCode,
  ).toBe(303);
  const [row] = await state.db.query<{ id: number }>('SELECT max(id)::int AS id FROM enquiries');
  return { id: row!.id, itemId };
}

const outbox = () =>
  state.db.query<{
    status: string;
    to_address: string;
    subject: string;
    related_kind: string;
    related_id: number;
  }>(
    'SELECT status, to_address, subject, related_kind, related_id::int AS related_id FROM mail_outbox ORDER BY id',
  );
const auditOf = (id: number) =>
  state.db.query<{ action: string; user_id: number; record_name: string }>(
    `SELECT action, user_id, record_name FROM audit_log WHERE entity = 'enquiry' AND entity_id = $1 ORDER BY id`,
    [id],
  );

beforeEach(async () => {
  await storefront('hart');
  await storefront('rival', state.fx.otherShopId);
});

describe('the list and one enquiry', () => {
  it('pages newest first, filters new / open / all, and counts each for the dashboard', async () => {
    const first = await posted({ name: 'First Person' });
    const second = await posted({ name: 'Second Person' });
    await posted({ name: 'Rival Customer' }, 'other');
    const silver = await as('silver');
    await silver.post(`${enquiry(first.id)}close/`);
    const all = (await silver.get(`${ENQUIRIES}?status=all`)).json<EnquiryList>();
    expect(all.counts).toEqual({ new: 1, open: 1, all: 2 });
    expect(all.results.map((e) => [e.name, e.status])).toEqual([
      ['Second Person', 'new'],
      ['First Person', 'closed'],
    ]);
    const byDefault = (await silver.get(ENQUIRIES)).json<EnquiryList>();
    expect(byDefault.results.map((e) => e.id)).toEqual([second.id]);
    expect((await silver.get(`${ENQUIRIES}?status=open&page_size=10&page=1`)).json<EnquiryList>().count).toBe(
      1,
    );
    expect((await silver.get(`${ENQUIRIES}?status=spam`)).statusCode).toBe(400);
  });

  it('shows the message, the item, and the client whose e-mail matches, without case', async () => {
    const clientId = await create({ name: 'Ann Buyer', email: 'Ann@Example.com' });
    const { id, itemId } = await posted();
    const detail = (await (await as('silver')).get(enquiry(id))).json<EnquiryDetail>();
    expect(detail).toMatchObject({
      id,
      status: 'new',
      name: 'Ann Buyer',
      email: 'ann@example.com',
      message: 'Is the bracelet full size?\nAnd are the papers dated?',
      item: { id: itemId, title: 'Rolex Submariner 126610LN', online: true, onOfferWhenAsked: true },
      client: null,
      matchedClient: { id: clientId, name: 'Ann Buyer', email: 'Ann@Example.com' },
      replies: [],
    });
    // Once the item sells, it is no longer online.
    await state.db.query(`UPDATE items SET status = 'sold' WHERE id = $1`, [itemId]);
    expect((await (await as('silver')).get(enquiry(id))).json<EnquiryDetail>().item.online).toBe(false);
  });

  it('is for members of the shop only: signed out 401, no shop 403, another shop’s enquiry 404 to every call', async () => {
    const { id } = await posted();
    expect((await (await as('anonymous')).get(ENQUIRIES)).statusCode).toBe(401);
    const rival = await as('rival');
    expect((await rival.get(ENQUIRIES)).json<EnquiryList>().count).toBe(0);
    expect((await rival.get(enquiry(id))).statusCode).toBe(404);
    for (const action of ['reply', 'convert', 'close']) {
      const body = action === 'reply' ? { subject: 'Hello', body: 'Hi' } : undefined;
      expect((await rival.post(`${enquiry(id)}${action}/`, body)).statusCode).toBe(404);
    }
    expect((await (await as('loner')).get(ENQUIRIES)).statusCode).toBe(403);
  });

  it('deletes enquiries twelve months after their last activity', async () => {
    const old = await posted({ name: 'Old Enquirer' });
    state.clock.advance(200 * DAY);
    const recent = await posted({ name: 'Recent Enquirer' });
    state.clock.advance(170 * DAY);
    const list = (await (await as('gold')).get(`${ENQUIRIES}?status=all`)).json<EnquiryList>();
    expect(list.results.map((e) => e.id)).toEqual([recent.id]);
    expect(await state.db.query('SELECT id FROM enquiries WHERE id = $1', [old.id])).toEqual([]);
  });
});

describe('answering', () => {
  it('replies through the outbox when no SMTP server is configured, and marks the enquiry answered', async () => {
    const { id } = await posted();
    const silver = await as('silver');
    const response = await silver.post(`${enquiry(id)}reply/`, {
      subject: 'Your Submariner enquiry',
      body: 'Yes, the bracelet is full size.\n\nThe papers are dated 2021.',
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<EnquiryDetail>();
    expect(detail.status).toBe('answered');
    expect(detail.answeredAt).toBe('2026-03-01T09:00:05.000Z');
    expect(detail.replies).toEqual([
      expect.objectContaining({
        subject: 'Your Submariner enquiry',
        body: 'Yes, the bracelet is full size.\n\nThe papers are dated 2021.',
        sentBy: 'silver',
        mailStatus: 'outbox_only',
      }),
    ]);
    expect(await outbox()).toEqual([
      {
        status: 'outbox_only',
        to_address: 'ann@example.com',
        subject: 'Your Submariner enquiry',
        related_kind: 'enquiry',
        related_id: id,
      },
    ]);
    expect(await auditOf(id)).toEqual([
      { action: 'reply', user_id: state.fx.ids.silver, record_name: `Enquiry ${id}` },
    ]);
    const list = (await silver.get(ENQUIRIES)).json<EnquiryList>();
    expect(list.counts).toEqual({ new: 0, open: 1, all: 1 });
  });

  it('replies through a real SMTP server, quoting the person’s message', async () => {
    const smtp = await startSmtp();
    try {
      await rebuild({ SMTP_URL: smtp.url, MAIL_FROM: 'shop@hart.example' });
      const { id } = await posted({ message: 'Is it <the> 2021 model?' });
      const response = await (
        await as('gold')
      ).post(`${enquiry(id)}reply/`, {
        subject: 'Re: your enquiry',
        body: 'It is the 2021 model.',
      });
      expect(response.json<EnquiryDetail>().replies[0]!.mailStatus).toBe('sent');
      expect(smtp.received).toHaveLength(1);
      const { mail, envelopeTo } = smtp.received[0]!;
      expect(envelopeTo).toEqual(['ann@example.com']);
      expect(mail.subject).toBe('Re: your enquiry');
      expect(mail.text).toContain(
        'It is the 2021 model.\n\nOn 1 Mar 2026 you wrote:\n> Is it <the> 2021 model?',
      );
      expect(mail.html).toContain('Is it &lt;the&gt; 2021 model?');
    } finally {
      await smtp.close();
    }
  });

  it('refuses a reply to an enquiry without an e-mail address, or a closed one', async () => {
    const phoneOnly = await posted({ email: '', phone: '020 7946 0000' });
    const gold = await as('gold');
    const reply = { subject: 'Hello', body: 'Hi' };
    const noEmail = await gold.post(`${enquiry(phoneOnly.id)}reply/`, reply);
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json()).toEqual({ detail: ENQUIRY_MESSAGES.noEmailToReply });
    const { id } = await posted();
    expect((await gold.post(`${enquiry(id)}close/`)).json<EnquiryDetail>().status).toBe('closed');
    expect((await gold.post(`${enquiry(id)}reply/`, reply)).json()).toEqual({
      detail: ENQUIRY_MESSAGES.closed,
    });
    expect((await gold.post(`${enquiry(id)}close/`)).json()).toEqual({
      detail: ENQUIRY_MESSAGES.alreadyClosed,
    });
    expect((await gold.post(`${enquiry(id)}reply/`, { subject: ' ', body: 'x' })).json()).toEqual({
      subject: ['This field may not be blank.'],
    });
    expect(await outbox()).toEqual([]);
  });
});

describe('converting to a client', () => {
  it('links the client who has the same e-mail address, creating none', async () => {
    const clientId = await create({ name: 'Ann Buyer', email: 'ANN@example.com' });
    const { id } = await posted();
    const before = await state.db.query('SELECT id FROM clients');
    const response = await (await as('silver')).post(`${enquiry(id)}convert/`);
    expect(response.statusCode).toBe(200);
    expect(response.json<EnquiryDetail>()).toMatchObject({
      status: 'converted',
      clientId,
      client: { id: clientId, name: 'Ann Buyer' },
      matchedClient: null,
    });
    expect(await state.db.query('SELECT id FROM clients')).toEqual(before);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['convert']);
  });

  it('creates a client from the enquiry when none has its e-mail address', async () => {
    const { id } = await posted({ phone: '+44 7700 900123' });
    const gold = await as('gold');
    const detail = (await gold.post(`${enquiry(id)}convert/`)).json<EnquiryDetail>();
    expect(detail.status).toBe('converted');
    const client = (await gold.get(`/api/clients/${detail.clientId}/`)).json<Client>();
    expect(client).toMatchObject({ name: 'Ann Buyer', email: 'ann@example.com', phone: '+44 7700 900123' });
    expect(client.notes).toBe('From a website enquiry about Rolex Submariner 126610LN (1 Mar 2026).');
    // The clients module's own trail records the new client; the enquiry's, the conversion.
    const created = await state.db.query(
      `SELECT action FROM audit_log WHERE entity = 'client' AND entity_id = $1 AND action = 'create'`,
      [detail.clientId],
    );
    expect(created).toHaveLength(1);
    expect((await gold.post(`${enquiry(id)}convert/`)).json()).toEqual({
      detail: ENQUIRY_MESSAGES.alreadyConverted,
    });
  });

  it('refuses an enquiry with a phone number only (a client needs an e-mail address)', async () => {
    const { id } = await posted({ email: '', phone: '020 7946 0000' });
    const response = await (await as('gold')).post(`${enquiry(id)}convert/`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: ENQUIRY_MESSAGES.noEmailToConvert });
    expect(await state.db.query('SELECT id FROM clients')).toEqual([]);
  });
});

describe('the outbox names the enquiry', () => {
  it('lists the reply under the outbox for the owner', async () => {
    const { id } = await posted();
    await (await as('gold')).post(`${enquiry(id)}reply/`, { subject: 'Hi', body: 'Hello' });
    const listed = (await (await as('platinum')).get('/api/mail/outbox/')).json<OutboxList>();
    expect(listed.results.map((m) => [m.relatedKind, m.relatedId])).toEqual([['enquiry', id]]);
  });
});

describe('erasure', () => {
  it('deletes an enquiry and its replies when the person asks, audited without their details', async () => {
    const { id } = await posted();
    const silver = await as('silver');
    await silver.post(`${enquiry(id)}reply/`, { subject: 'Hi', body: 'Hello' });
    const response = await silver.send('DELETE', enquiry(id));
    expect(response.statusCode).toBe(204);
    expect(await state.db.query('SELECT id FROM enquiries')).toEqual([]);
    expect(await state.db.query('SELECT id FROM enquiry_replies')).toEqual([]);
    expect((await auditOf(id)).map((a) => [a.action, a.record_name])).toEqual([
      ['reply', `Enquiry ${id}`],
      ['delete', `Enquiry ${id}`],
    ]);
    const [entry] = await state.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE entity = 'enquiry' AND action = 'delete'`,
    );
    expect(JSON.stringify(entry)).not.toMatch(/Ann|ann@example/);
    expect((await silver.get(enquiry(id))).statusCode).toBe(404);
    expect((await silver.send('DELETE', enquiry(id))).statusCode).toBe(404);
  });

  it('is a 404 for another shop', async () => {
    const { id } = await posted();
    expect((await (await as('rival')).send('DELETE', enquiry(id))).statusCode).toBe(404);
    expect(await state.db.query('SELECT id FROM enquiries')).toHaveLength(1);
  });
});
