import { MAIL_PROBLEMS, type JobDetail, type OutboxList, type OutboxMessage } from '@loupe/contracts';
import { AuditRepository } from '../../../src/modules/audit';
import { approvalKey, signApprovalToken } from '../../../src/modules/workshop/approval-tokens';
import { testConfig, type Browser } from '../../helper';
import { clientsTestbed } from '../clients/setup';
import { startSmtp } from '../mail/smtp-support';

// Issue 23 item 4: the workshop's e-mails (estimate with its approval link, ready for collection) and the public
// approval page. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The clock starts 2026-03-01 09:00 UTC.
const { state, as, create, rebuild } = clientsTestbed();
const JOBS = '/api/workshop/jobs/';
const DAY = 24 * 60 * 60 * 1000;
const PAGE = '/public/workshop/approve/';

async function shopDetails(shopId = state.fx.shopId, name = 'Hart & Sons') {
  await state.db.query(
    `INSERT INTO shop_settings (shop_id, trading_name, address, email) VALUES ($1, $2, '14 Hatton Garden', 'hello@hart.example')`,
    [shopId, name],
  );
}

/** A client's job taken in, estimated (£350 labour, £120 parts) and moved to 'estimate sent' by `browser`. */
async function estimateSent(browser: Browser, clientId: number): Promise<JobDetail> {
  const taken = await browser.post(JOBS, {
    clientId,
    brand: 'Rolex',
    model: 'Submariner',
    serial: 'SUB-123',
    reportedFault: 'Loses two minutes a day',
    estimateRequired: true,
  });
  expect(taken.statusCode).toBe(201);
  const id = taken.json<JobDetail>().id;
  const lines = [
    { kind: 'labour', description: 'Full service', amount: '350' },
    { kind: 'parts', description: 'Crystal <sapphire>', amount: '120.00' },
  ];
  expect((await browser.put(`${JOBS}${id}/estimate/`, { lines })).statusCode).toBe(200);
  expect((await browser.post(`${JOBS}${id}/stage/`, { to: 'assessing' })).statusCode).toBe(200);
  const sent = await browser.post(`${JOBS}${id}/stage/`, { to: 'estimate_sent' });
  expect(sent.statusCode).toBe(200);
  return sent.json<JobDetail>();
}

const outbox = async (shopId = state.fx.shopId) =>
  state.db.query<{
    id: number;
    status: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    last_error: string;
  }>(
    'SELECT id::int AS id, status, to_address, subject, text_body, html_body, last_error FROM mail_outbox WHERE shop_id = $1 ORDER BY id',
    [shopId],
  );

/** The approval page's path from the link in the job's estimate e-mail. */
async function linkPath(shopId = state.fx.shopId): Promise<string> {
  const [mail] = await outbox(shopId);
  const match = /http:\/\/localhost:8080\/api(\/public\/workshop\/approve\/[^\s]+)/.exec(mail!.text_body);
  expect(match).not.toBeNull();
  return match![1]!;
}

const stageOf = async (id: number) =>
  (await state.db.query<{ stage: string }>('SELECT stage FROM jobs WHERE id = $1', [id]))[0]?.stage;
const tokenRows = () =>
  state.db.query<{ used: boolean; decision: string | null }>(
    'SELECT used_at IS NOT NULL AS used, decision FROM workshop_approval_tokens ORDER BY id',
  );

/** A visitor with no session and no cookie at all: the client opening the link from their e-mail. */
const client = () => ({
  get: (url: string, headers: Record<string, string> = {}) =>
    state.app.inject({ method: 'GET', url, headers }),
  answer: (url: string, decision: string, headers: Record<string, string> = {}) =>
    state.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: `decision=${decision}`,
    }),
});

describe('the estimate e-mail and the approval page', () => {
  it('e-mails the estimate with its link; the page shows it without a session; Approve moves the job once, audited as the client', async () => {
    await shopDetails();
    const gold = await as('gold');
    const ada = await create({ name: 'Ada Lovelace', email: 'ada@example.org' }, gold);
    const job = await estimateSent(gold, ada);

    const [mail] = await outbox();
    expect(mail).toMatchObject({
      status: 'outbox_only',
      to_address: 'ada@example.org',
      subject: `Your estimate for job ${job.reference}`,
    });
    expect(mail!.text_body).toContain('  Full service: £350.00\n  Crystal <sapphire>: £120.00');
    expect(mail!.text_body).toContain('Total £470.00, including VAT of £78.33.');
    expect(mail!.text_body).toContain('The link can be used once, until 15 Mar 2026.');
    expect(mail!.html_body).toContain('Crystal &lt;sapphire&gt;: £120.00');
    const path = await linkPath();
    expect(path.length).toBeLessThan(PAGE.length + 100);

    const visitor = client();
    const page = await visitor.get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('script-src');
    expect(page.body).toContain('<h1>Your estimate for Rolex Submariner</h1>');
    expect(page.body).toContain('<td>Crystal &lt;sapphire&gt;</td>');
    expect(page.body).toMatch(/VAT at 20%<\/th><td class="num">£78\.33/);
    expect(page.body).toMatch(/Total<\/th><td class="num">£470\.00/);
    expect(page.body).toContain(
      '<button class="approve" type="submit" name="decision" value="approve">Approve the estimate</button>',
    );
    expect(page.body).not.toContain('<script');
    // Looking changes nothing.
    expect(await stageOf(job.id)).toBe('estimate_sent');

    // No CSRF cookie, no header: the token is the credential.
    const approved = await visitor.answer(path, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('you approved the estimate for job');
    expect(await stageOf(job.id)).toBe('approved');
    expect(await tokenRows()).toEqual([{ used: true, decision: 'approved' }]);
    const [entry] = await new AuditRepository(state.db).list(state.fx.shopId, 'workshop_job', job.id);
    expect(entry).toMatchObject({ action: 'stage', userId: null });
    expect(entry!.after).toMatchObject({
      stage: 'approved',
      note: 'Approved by the client through the approval link in the estimate e-mail.',
    });

    // Single use: a second answer (either way) is refused and changes nothing.
    const events = (await gold.get(`${JOBS}${job.id}/`)).json<JobDetail>().events.length;
    const again = await visitor.answer(path, 'decline');
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This estimate has already been answered through this link.');
    expect(await stageOf(job.id)).toBe('approved');
    expect((await gold.get(`${JOBS}${job.id}/`)).json<JobDetail>().events).toHaveLength(events);
    expect((await visitor.get(path)).statusCode).toBe(410);
  });

  it('Decline moves the job to declined', async () => {
    await shopDetails();
    const gold = await as('gold');
    const job = await estimateSent(gold, await create({ name: 'Bob Marsh', email: 'bob@example.org' }, gold));
    const answered = await client().answer(await linkPath(), 'decline');
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('You declined the estimate for job');
    expect(await stageOf(job.id)).toBe('declined');
  });

  it('two answers at the same moment: one is recorded, the other refused', async () => {
    await shopDetails();
    const gold = await as('gold');
    const job = await estimateSent(gold, await create({ name: 'Cy Twombly', email: 'cy@example.org' }, gold));
    const path = await linkPath();
    const answers = await Promise.all([client().answer(path, 'approve'), client().answer(path, 'decline')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    const stage = await stageOf(job.id);
    expect(['approved', 'declined']).toContain(stage);
    expect(await tokenRows()).toEqual([{ used: true, decision: stage }]);
  });

  it('an expired link is refused and changes nothing', async () => {
    await shopDetails();
    const gold = await as('gold');
    const job = await estimateSent(gold, await create({ name: 'Di Hart', email: 'di@example.org' }, gold));
    const path = await linkPath();
    state.clock.advance(14 * DAY);
    const visitor = client();
    const page = await visitor.get(path);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This approval link has expired.');
    expect((await visitor.answer(path, 'approve')).statusCode).toBe(410);
    expect(await stageOf(job.id)).toBe('estimate_sent');
    expect(await tokenRows()).toEqual([{ used: false, decision: null }]);
  });

  it('a tampered link, a made-up one, and one naming another shop’s job are refused alike and change nothing', async () => {
    await shopDetails();
    await shopDetails(state.fx.otherShopId, 'Rival Watches');
    const gold = await as('gold');
    const ours = await estimateSent(gold, await create({ name: 'Ed Ruscha', email: 'ed@example.org' }, gold));
    const rival = await as('rival');
    const theirs = await estimateSent(
      rival,
      await create({ name: 'Flo Kahlo', email: 'flo@example.org' }, rival),
    );
    const path = await linkPath();
    const token = path.slice(PAGE.length);
    const [shopId, jobId, version, expires, nonce, signature] = token.split('.');

    const key = approvalKey(testConfig(state.tdb));
    const forged = [
      // Another job's number in our own signed token.
      [shopId, theirs.id, version, expires, nonce, signature].join('.'),
      // The signature changed by one character.
      [
        shopId,
        jobId,
        version,
        expires,
        nonce,
        `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
      ].join('.'),
      // A later expiry.
      [shopId, jobId, version, Number(expires) + 30 * 86400, nonce, signature].join('.'),
      // Rightly signed with the server's own key, naming the rival shop's job: never issued, so refused.
      signApprovalToken(key, {
        shopId: state.fx.otherShopId,
        jobId: theirs.id,
        estimateVersion: 1,
        expiresAt: new Date(Date.parse('2026-03-10T00:00:00Z')),
      }),
      // Rightly signed, naming our job under the rival shop.
      signApprovalToken(key, {
        shopId: state.fx.otherShopId,
        jobId: ours.id,
        estimateVersion: 1,
        expiresAt: new Date(Date.parse('2026-03-10T00:00:00Z')),
      }),
      'not-a-token',
      `${token}x`,
    ];
    const visitor = client();
    for (const bad of forged) {
      const page = await visitor.get(`${PAGE}${encodeURIComponent(bad)}`);
      expect([page.statusCode, page.body.includes('This approval link is not valid.')]).toEqual([404, true]);
      const answer = await visitor.answer(`${PAGE}${encodeURIComponent(bad)}`, 'approve');
      expect(answer.statusCode).toBe(404);
      // Nothing of either shop shows through a refusal.
      expect(page.body).not.toMatch(/Rival Watches|Hart &amp; Sons|Submariner/);
    }
    expect(await stageOf(ours.id)).toBe('estimate_sent');
    expect(await stageOf(theirs.id)).toBe('estimate_sent');
    expect(await tokenRows()).toEqual([
      { used: false, decision: null },
      { used: false, decision: null },
    ]);
    // The real link still works afterwards.
    expect((await visitor.answer(path, 'approve')).statusCode).toBe(200);
  });

  it('a job moved on by the staff no longer takes an answer; a POST without a decision is a 400 page', async () => {
    await shopDetails();
    const gold = await as('gold');
    const job = await estimateSent(
      gold,
      await create({ name: 'Gus Van Sant', email: 'gus@example.org' }, gold),
    );
    const path = await linkPath();
    expect((await client().answer(path, 'maybe')).statusCode).toBe(400);
    expect((await gold.post(`${JOBS}${job.id}/stage/`, { to: 'declined' })).statusCode).toBe(200);
    const late = await client().answer(path, 'approve');
    expect(late.statusCode).toBe(409);
    expect(await stageOf(job.id)).toBe('declined');
  });

  it('keeps the API’s protections: Host check and the per-address limit for anonymous traffic', async () => {
    await shopDetails();
    const gold = await as('gold');
    await estimateSent(gold, await create({ name: 'Hal Foster', email: 'hal@example.org' }, gold));
    const path = await linkPath();
    expect((await client().get(path, { host: 'evil.example' })).statusCode).toBe(400);
    await rebuild({ RATE_LIMIT_ADDRESS_PER_MINUTE: '60' });
    const codes: number[] = [];
    for (let i = 0; i < 61; i += 1) codes.push((await client().get(path)).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});

describe('the other workshop e-mails', () => {
  it('a client without an e-mail address: the estimate is recorded as not sendable, saying so', async () => {
    await shopDetails();
    const gold = await as('gold');
    const nobody = await create({ name: 'Ivy Nomail' }, gold);
    await state.db.query(`UPDATE clients SET email = '' WHERE id = $1`, [nobody]);
    await estimateSent(gold, nobody);
    const [mail] = await outbox();
    expect(mail).toMatchObject({
      status: 'not_sendable',
      to_address: '',
      last_error: MAIL_PROBLEMS.noRecipient,
    });
    const listed = (await gold.get('/api/mail/outbox/')).json<OutboxList>();
    expect(listed.results[0]).toMatchObject({ status: 'not_sendable', lastError: MAIL_PROBLEMS.noRecipient });
  });

  it('ready for collection: the client is e-mailed through SMTP', async () => {
    await shopDetails();
    const smtp = await startSmtp();
    try {
      await rebuild({ SMTP_URL: smtp.url, MAIL_FROM: 'workshop@hart.example' });
      const gold = await as('gold');
      const job = await estimateSent(
        gold,
        await create({ name: 'Jo Spence', email: 'jo@example.org' }, gold),
      );
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.mail.text).toContain(
        'Please approve or decline it here: http://localhost:8080/api/public/workshop/approve/',
      );
      expect((await client().answer(await linkPath(), 'approve')).statusCode).toBe(200);
      for (const to of ['in_workshop', 'quality_check', 'ready']) {
        const body = to === 'in_workshop' ? { to, location: 'in_house' } : { to };
        expect((await gold.post(`${JOBS}${job.id}/stage/`, body)).statusCode).toBe(200);
      }
      expect(smtp.received).toHaveLength(2);
      const ready = smtp.received[1]!.mail;
      expect(ready.subject).toBe(`Your Rolex Submariner is ready for collection (job ${job.reference})`);
      expect(ready.text).toContain('Dear Jo Spence,');
      expect(ready.text).toContain('You can collect it from 14 Hatton Garden.');
      const sent = (await gold.get('/api/mail/outbox/?status=sent')).json<OutboxList>();
      expect(sent.count).toBe(2);
      const detail = (await gold.get(`/api/mail/outbox/${sent.results[0]!.id}/`)).json<OutboxMessage>();
      expect(detail.from).toBe('Hart & Sons <workshop@hart.example>');
    } finally {
      await smtp.close();
    }
  });
});
