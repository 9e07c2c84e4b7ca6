import {
  NOTICE_NOT_READY,
  NOTICE_TOO_SOON,
  type UncollectedJobList,
  type UncollectedNotice,
  type UncollectedReminders,
} from '@loupe/contracts';
import { monthsAfter } from '../../../src/modules/workshop/uncollected-service';
import { parsePdf } from '../documents/pdf-support';
import { clientsTestbed } from '../clients/setup';
import { approvedJob, jobUrl, takeIn, toReady } from './money-setup';

// Issue 23, item 5: uncollected pieces — the reminder after 30 days ready, and the notice of intention to sell
// (Torts (Interference with Goods) Act 1977, s.12 and Schedule 1), with their dates. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. The clock starts at 2026-03-01 09:00 UTC (the shop's day, Europe/London);
// no SMTP server is configured, so a mailed reminder waits in the outbox.
const { state, as, create } = clientsTestbed();
const DAY = 24 * 60 * 60 * 1000;
const UNCOLLECTED = '/api/workshop/uncollected/';
const REMIND = '/api/workshop/uncollected/reminders/';
const notice = (id: number) => `${jobUrl(id)}uncollected-notice/`;

const reminders = async () =>
  state.db.query<{ job_id: number; kind: string; issued_on: string; owed: string; delivery: string }>(
    `SELECT job_id::int AS job_id, kind, to_char(issued_on, 'YYYY-MM-DD') AS issued_on,
            amount_owed_gbp::text AS owed, delivery FROM workshop_uncollected_notices ORDER BY id`,
  );

describe('monthsAfter', () => {
  it('counts calendar months and keeps to the last day of a shorter month', () => {
    expect(monthsAfter('2026-03-31', 3)).toBe('2026-06-30');
    expect(monthsAfter('2026-11-30', 3)).toBe('2027-02-28');
    expect(monthsAfter('2027-11-30', 3)).toBe('2028-02-29');
    expect(monthsAfter('2026-03-01', 3)).toBe('2026-06-01');
  });
});

describe('a piece ready and not collected', () => {
  it('is listed with its dates, reminded once after 30 days, and given the notice of intention to sell', async () => {
    let gold = await as('gold');
    // Days pass; the staff sign in again (a session does not last a month).
    const after = async (days: number) => {
      state.clock.advance(days * DAY);
      gold = await as('gold');
    };
    // The shop's address is the sender of its e-mails (no MAIL_FROM in the tests).
    const owner = await as('platinum');
    expect((await owner.put('/api/shop/settings/', { email: 'workshop@example.com' })).statusCode).toBe(200);
    const client = await create({ name: 'Forgetful Owner', email: 'owner@example.com' }, gold);
    const id = await approvedJob(gold, client);
    await toReady(gold, id);
    // Another client's job that needs no estimate, ready a day later.
    const other = await create({ name: 'Second Owner', email: 'second@example.com' }, gold);
    const later = await takeIn(gold, { clientId: other, estimateRequired: false });

    // Ready on 1 March. 29 days later (30 March): listed, not yet due.
    await after(1);
    await toReady(gold, later.id);
    await after(28);
    const listed = (await gold.get(UNCOLLECTED)).json() as UncollectedJobList;
    expect(listed.count).toBe(2);
    expect(listed.results[0]).toMatchObject({
      jobId: id,
      clientName: 'Forgetful Owner',
      goods: 'Rolex Submariner 126610LN, serial SUB-123',
      readySince: '2026-03-01',
      daysReady: 29,
      // The £350 service, nothing paid.
      balanceGbp: 350,
      remindedOn: null,
      noticeOn: null,
    });
    expect(((await gold.get(`${UNCOLLECTED}?due=true`)).json() as UncollectedJobList).count).toBe(0);
    expect(((await gold.post(REMIND)).json() as UncollectedReminders).reminded).toEqual([]);

    // Day 30 (31 March): the first is due, reminded once with its date and the sum owed, and e-mailed.
    await after(1);
    expect(((await gold.get(`${UNCOLLECTED}?due=true`)).json() as UncollectedJobList).results).toHaveLength(
      1,
    );
    const first = (await gold.post(REMIND)).json() as UncollectedReminders;
    expect(first.reminded).toEqual([
      expect.objectContaining({
        jobId: id,
        daysReady: 30,
        remindedOn: '2026-03-31',
        reminderDelivery: 'mailed',
      }),
    ]);
    expect(await reminders()).toEqual([
      { job_id: id, kind: 'reminder', issued_on: '2026-03-31', owed: '350.00', delivery: 'mailed' },
    ]);
    const mail = await state.db.query<{ to_address: string; subject: string; status: string }>(
      "SELECT to_address, subject, status FROM mail_outbox WHERE subject LIKE 'Reminder:%' ORDER BY id",
    );
    expect(mail).toEqual([
      {
        to_address: 'owner@example.com',
        subject: 'Reminder: your piece is waiting for collection (JOB-000001)',
        status: 'outbox_only',
      },
    ]);
    // Run again the same day: nothing more.
    expect(((await gold.post(REMIND)).json() as UncollectedReminders).reminded).toEqual([]);

    // Day 30 for the second (1 April): reminded in its turn.
    await after(1);
    const second = (await gold.post(REMIND)).json() as UncollectedReminders;
    expect(second.reminded.map((r) => [r.jobId, r.remindedOn, r.daysReady])).toEqual([
      [later.id, '2026-04-01', 30],
    ]);

    // The notice of intention to sell: while £350 is owed, at least three months (Schedule 1 para 6(3)).
    const tooSoon = await gold.post(notice(id), { saleAfter: '2026-06-30' });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json()).toEqual({ saleAfter: [NOTICE_TOO_SOON('2026-07-01')] });
    expect((await reminders()).filter((r) => r.kind === 'notice')).toEqual([]);

    const issued = await gold.post(notice(id), {});
    expect(issued.statusCode).toBe(201);
    expect(issued.json() as UncollectedNotice).toMatchObject({
      jobId: id,
      issuedOn: '2026-04-01',
      // 1 April + 3 months.
      saleAfter: '2026-07-01',
      clientName: 'Forgetful Owner',
      goods: 'Rolex Submariner 126610LN, serial SUB-123',
      amountOwedGbp: 350,
      heldBy: 'Loupe Demo',
    });
    // Asked again: the notice on record, unchanged.
    expect((await gold.post(notice(id), { saleAfter: '2026-12-01' })).json()).toMatchObject({
      saleAfter: '2026-07-01',
    });
    expect(((await gold.get(UNCOLLECTED)).json() as UncollectedJobList).results[0]).toMatchObject({
      jobId: id,
      remindedOn: '2026-03-31',
      noticeOn: '2026-04-01',
      saleAfter: '2026-07-01',
    });

    const pdf = await gold.get(`${notice(id)}pdf/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await parsePdf(pdf.rawPayload);
    for (const words of [
      'NOTICE OF INTENTION TO SELL UNCOLLECTED GOODS',
      'Forgetful Owner',
      'Rolex Submariner 126610LN, serial SUB-123',
      '£350.00',
      '1 Jul 2026',
      'Torts (Interference with Goods) Act 1977',
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(words);
  });

  it('refuses the notice for a job not ready, and another shop never sees the list', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Early Bird' });
    const id = await approvedJob(gold, client);
    const early = await gold.post(notice(id), {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: NOTICE_NOT_READY });
    await toReady(gold, id);
    const rival = await as('rival');
    expect(((await rival.get(UNCOLLECTED)).json() as UncollectedJobList).count).toBe(0);
    expect((await rival.post(notice(id), {})).statusCode).toBe(404);
  });
});
