import { MAIL_PROBLEMS, type OutboxList, type OutboxMessage } from '@loupe/contracts';
import { apiTestbed, testConfig } from '../../helper';
import { sendMail, type MailMessage } from '../../../src/modules/mail';
import { closedPort, startSmtp } from './smtp-support';

// Issue 23 item 4: every e-mail is recorded in the outbox and delivered through SMTP when SMTP_URL is set —
// to a real SMTP server started here (smtp-server), one that is down, or none at all. PGlite and, with
// TEST_DATABASE_URL, PostgreSQL.
const { state, as, rebuild } = apiTestbed();
const OUTBOX = '/api/mail/outbox/';

/** The mail settings of an app started with these variables, on the test database and real time. */
const envWith = (vars: Record<string, string> = {}) => ({
  db: state.db,
  config: testConfig(state.tdb, vars),
  now: () => new Date(),
});

async function shopDetails() {
  await state.db.query(
    `INSERT INTO shop_settings (shop_id, trading_name, legal_name, address, phone, email, company_number)
     VALUES ($1, 'Hart & Sons', 'Hart & Sons Ltd', E'14 Hatton Garden\\nLondon EC1N 8AA', '020 7946 0000',
             'hello@hart.example', '01234567')`,
    [state.fx.shopId],
  );
}

async function client(name: string, email: string, shopId = state.fx.shopId): Promise<number> {
  const rows = await state.db.query<{ id: number }>(
    `INSERT INTO clients (shop_id, name, email, created_at, updated_at) VALUES ($1, $2, $3, now(), now()) RETURNING id`,
    [shopId, name, email],
  );
  return rows[0]!.id;
}

const message = (to: MailMessage['to'], extra: Partial<MailMessage> = {}): MailMessage => ({
  to,
  subject: 'Your estimate for JOB-000001',
  text: 'Dear Ada,\n\nThe estimate for your Rolex Submariner is £350.00 including VAT.',
  html: '<p>Dear Ada,</p><p>The estimate for your Rolex Submariner is £350.00 including VAT.</p>',
  related: { kind: 'workshop_job', id: 1 },
  ...extra,
});

const rows = () =>
  state.db.query<{ status: string; attempts: number; last_error: string }>(
    'SELECT status, attempts, last_error FROM mail_outbox ORDER BY id',
  );

describe('sendMail', () => {
  it('delivers through SMTP_URL from MAIL_FROM under the shop name, with the shop details, and records it sent', async () => {
    await shopDetails();
    const smtp = await startSmtp();
    try {
      const ada = await client('Ada Lovelace', 'ada@example.org');
      const env = envWith({ SMTP_URL: smtp.url, MAIL_FROM: 'workshop@loupe.example' });
      const sent = await sendMail(
        env,
        state.fx.shopId,
        message({ name: 'Ada Lovelace', address: 'ada@example.org', clientId: ada }),
      );
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: '', to: 'ada@example.org' });
      expect(sent.sentAt).not.toBeNull();
      expect(sent.messageId).toMatch(/^<.+@.+>$/);

      expect(smtp.received).toHaveLength(1);
      const [{ mail, envelopeFrom, envelopeTo }] = smtp.received as [(typeof smtp.received)[number]];
      expect(envelopeFrom).toBe('workshop@loupe.example');
      expect(envelopeTo).toEqual(['ada@example.org']);
      expect(mail.from?.value).toEqual([{ name: 'Hart & Sons', address: 'workshop@loupe.example' }]);
      expect(mail.replyTo?.value).toEqual([{ name: '', address: 'hello@hart.example' }]);
      expect(mail.to && !Array.isArray(mail.to) && mail.to.value).toEqual([
        { name: 'Ada Lovelace', address: 'ada@example.org' },
      ]);
      expect(mail.subject).toBe('Your estimate for JOB-000001');
      expect(mail.messageId).toBe(sent.messageId);
      expect(mail.text).toContain('The estimate for your Rolex Submariner is £350.00 including VAT.');
      // The shop's details under the message (Companies (Trading Disclosures) Regulations 2008).
      expect(mail.text).toContain('Hart & Sons Ltd\n14 Hatton Garden\nLondon EC1N 8AA');
      expect(mail.text).toContain('Company number 01234567');
      expect(mail.html).toContain('<p>Dear Ada,</p>');
      expect(mail.html).toContain('Hart &amp; Sons Ltd<br>14 Hatton Garden');
    } finally {
      await smtp.close();
    }
  });

  it('SMTP server down: recorded as failed with the error, then sent by a retry once it is back', async () => {
    await shopDetails();
    const port = await closedPort();
    const vars = {
      SMTP_URL: `smtp://loupe:smtp-secret@127.0.0.1:${port}`,
      MAIL_FROM: 'workshop@loupe.example',
    };
    const failed = await sendMail(
      envWith(vars),
      state.fx.shopId,
      message({ name: 'Ada', address: 'ada@example.org' }),
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.lastError).not.toContain('smtp-secret');
    expect(await rows()).toEqual([{ status: 'failed', attempts: 1, last_error: failed.lastError }]);

    // The staff see it in the outbox with its error, and retry it when the server is back.
    await rebuild(vars);
    const gold = await as('gold');
    const list = (await gold.get(`${OUTBOX}?status=failed`)).json<OutboxList>();
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ id: failed.id, status: 'failed', lastError: failed.lastError });
    const again = await gold.post(`${OUTBOX}${failed.id}/retry/`);
    expect(again.statusCode).toBe(200);
    expect(again.json<OutboxMessage>()).toMatchObject({ status: 'failed', attempts: 2 });

    const smtp = await startSmtp({ port });
    try {
      const sent = await gold.post(`${OUTBOX}${failed.id}/retry/`);
      expect(sent.json<OutboxMessage>()).toMatchObject({ status: 'sent', attempts: 3, lastError: '' });
      expect(smtp.received).toHaveLength(1);
      // A sent message is never sent twice.
      const twice = await gold.post(`${OUTBOX}${failed.id}/retry/`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ detail: MAIL_PROBLEMS.alreadySent });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('a wrong SMTP password: failed with the server answer, the password never stored', async () => {
    const smtp = await startSmtp({ password: 'right-one' });
    try {
      await shopDetails();
      const env = envWith({ SMTP_URL: `smtp://loupe:wrong-one@127.0.0.1:${smtp.port}` });
      const failed = await sendMail(
        env,
        state.fx.shopId,
        message({ name: 'Ada', address: 'ada@example.org' }),
      );
      expect(failed.status).toBe('failed');
      expect(failed.lastError).toMatch(/EAUTH|Invalid username or password/);
      expect(failed.lastError).not.toContain('wrong-one');
      // Without MAIL_FROM the shop's own address is the sender.
      expect(failed.from).toBe('Hart & Sons <hello@hart.example>');
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('no SMTP_URL: kept in the outbox only, readable by the staff', async () => {
    await shopDetails();
    const kept = await sendMail(
      envWith(),
      state.fx.shopId,
      message({ name: 'Ada', address: 'ada@example.org' }),
    );
    expect(kept).toMatchObject({ status: 'outbox_only', attempts: 0, lastError: MAIL_PROBLEMS.outboxOnly });
    const platinum = await as('platinum');
    const detail = await platinum.get(`${OUTBOX}${kept.id}/`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<OutboxMessage>()).toMatchObject({
      status: 'outbox_only',
      from: 'Hart & Sons <hello@hart.example>',
      to: 'ada@example.org',
      subject: 'Your estimate for JOB-000001',
    });
    expect(detail.json<OutboxMessage>().text).toContain('£350.00 including VAT');
  });

  it('a client without an e-mail address: recorded as not sendable, saying so; a retry reads the address added since', async () => {
    await shopDetails();
    const bob = await client('Bob Marsh', '');
    const noted = await sendMail(
      envWith(),
      state.fx.shopId,
      message({ name: 'Bob Marsh', address: '', clientId: bob }),
    );
    expect(noted).toMatchObject({ status: 'not_sendable', to: '', lastError: MAIL_PROBLEMS.noRecipient });

    await state.db.query(`UPDATE clients SET email = 'bob@example.org' WHERE id = $1`, [bob]);
    const smtp = await startSmtp();
    try {
      await rebuild({ SMTP_URL: smtp.url });
      const gold = await as('gold');
      const sent = (await gold.post(`${OUTBOX}${noted.id}/retry/`)).json<OutboxMessage>();
      expect(sent).toMatchObject({ status: 'sent', to: 'bob@example.org', attempts: 1 });
      expect(smtp.received.map((r) => r.envelopeTo)).toEqual([['bob@example.org']]);
    } finally {
      await smtp.close();
    }
  });

  it('a shop with no e-mail address and no MAIL_FROM: not sendable, naming the missing sender', async () => {
    const smtp = await startSmtp();
    try {
      const noted = await sendMail(
        envWith({ SMTP_URL: smtp.url }),
        state.fx.shopId,
        message({ name: 'Ada', address: 'ada@example.org' }),
      );
      expect(noted).toMatchObject({ status: 'not_sendable', lastError: MAIL_PROBLEMS.noSender, attempts: 0 });
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('the outbox API', () => {
  it('is for members who may viewOutbox, of their own shop only, paged newest first', async () => {
    await shopDetails();
    for (const n of [1, 2, 3]) {
      await sendMail(
        envWith(),
        state.fx.shopId,
        message({ name: 'Ada', address: 'ada@example.org' }, { subject: `Message ${n}` }),
      );
    }
    const rival = await sendMail(
      envWith(),
      state.fx.otherShopId,
      message({ name: 'Eve', address: 'eve@example.org' }),
    );

    const silver = await as('silver');
    expect((await silver.get(OUTBOX)).statusCode).toBe(403);
    expect((await silver.get(`${OUTBOX}1/`)).statusCode).toBe(403);
    expect((await silver.post(`${OUTBOX}1/retry/`)).statusCode).toBe(403);
    const anonymous = await as('anonymous');
    expect((await anonymous.get(OUTBOX)).statusCode).toBe(401);

    const gold = await as('gold');
    const page = (await gold.get(`${OUTBOX}?page_size=10`)).json<OutboxList>();
    expect(page.count).toBe(3);
    expect(page.results.map((m) => m.subject)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect(page.results[0]).not.toHaveProperty('text');
    // Another shop's message is simply not found, and retrying it changes nothing.
    expect((await gold.get(`${OUTBOX}${rival.id}/`)).statusCode).toBe(404);
    expect((await gold.post(`${OUTBOX}${rival.id}/retry/`)).statusCode).toBe(404);
    expect((await gold.get(`${OUTBOX}?status=nonsense`)).statusCode).toBe(400);
    expect((await gold.get(`${OUTBOX}?page=9`)).statusCode).toBe(404);
  });
});
