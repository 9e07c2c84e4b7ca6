import {
  NOTICE_NOT_READY,
  NOTICE_TOO_SOON,
  UNCOLLECTED_REMINDER_DAYS,
  daysBetween,
  jobReference,
  type UncollectedJob,
  type UncollectedNotice,
  type UncollectedNoticeCreate,
  type UncollectedQuery,
} from '@loupe/contracts';
import { conflict, notFound } from '../../kernel/http-errors';
import { formatDateLong, formatMoney } from '../../kernel/pdf';
import { sendMail } from '../mail';
import { penceOf, poundsOf } from '../../kernel/money';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, checkPage, dateField, pagingOf } from '../../kernel/validation';
import type { WorkshopMoneyContext, WorkshopMoneyRepos } from './money-service';
import type { UncollectedRow } from './money-repository';

/**
 * The day `months` calendar months after `day` ('YYYY-MM-DD'), the month's last day when it is shorter
 * (30 November + 3 months = 28 or 29 February).
 */
export function monthsAfter(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Days before an earlier day: `UNCOLLECTED_REMINDER_DAYS` before today is the last ready day owed a reminder. */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const owedOf = (row: Pick<UncollectedRow, 'linesGbp' | 'paidGbp'>): string => {
  const left = penceOf(row.linesGbp) - penceOf(row.paidGbp);
  return poundsOf(left > 0n ? left : 0n);
};

function jobOf(row: UncollectedRow, today: string): UncollectedJob {
  return {
    jobId: row.jobId,
    reference: jobReference(row.number),
    clientId: row.clientId,
    clientName: row.clientName,
    goods: row.goods,
    readySince: row.readySince,
    daysReady: daysBetween(row.readySince, today),
    balanceGbp: Number(owedOf(row)),
    remindedOn: row.remindedOn,
    reminderDelivery: row.reminderDelivery,
    noticeOn: row.noticeOn,
    saleAfter: row.saleAfter,
  };
}

/** The reminder to collect, as the client reads it. */
function reminderMail(row: UncollectedRow, shopName: string, today: string, userId: number) {
  const reference = jobReference(row.number);
  const owed = owedOf(row);
  const goods = row.goods || `the piece you left with us (${reference})`;
  const text = [
    `Dear ${row.clientName},`,
    '',
    `${goods} (job ${reference}) has been ready for collection since ${formatDateLong(row.readySince)}.`,
    penceOf(owed) > 0n
      ? `${formatMoney(owed)} is owed for the work; it can be paid when you collect.`
      : 'Nothing is owed for the work.',
    `Please collect it from ${shopName} at your earliest convenience.`,
    '',
    `This reminder was sent on ${formatDateLong(today)}.`,
  ].join('\n');
  return {
    to: { name: row.clientName, address: row.clientEmail, clientId: row.clientId },
    subject: `Reminder: your piece is waiting for collection (${reference})`,
    text,
    related: { kind: 'workshop_job' as const, id: row.jobId },
    createdBy: userId,
  };
}

/**
 * UNCOLLECTED PIECES (issue 23, item 5). The Torts (Interference with Goods) Act 1977 lets a repairer sell goods
 * the client does not collect (s.12(1)(a), (3)) once the client has been told the goods are ready (Schedule 1
 * Part I) and then given notice of the intention to sell (Schedule 1 Part II, paragraph 6): in writing, naming
 * the shop and its address, the goods, where they are held, the date on or after which they may be sold, and
 * the sum owed; while money is owed the period is at least three months (paragraph 6(3)), and it is sent by
 * post, registered or recorded delivery (paragraph 6(4)) — the shop prints the notice for that. Here: the list
 * of ready jobs with their dates, the reminder after UNCOLLECTED_REMINDER_DAYS (the Part I notice to collect),
 * recorded once with its day, and the notice of intention to sell, recorded once with its days.
 */
export class UncollectedService {
  constructor(private readonly ctx: WorkshopMoneyContext) {}

  private today(shopId: number): Promise<string> {
    return this.ctx.repos.items.shopToday(shopId, this.ctx.now());
  }

  async list(
    { shopId }: ShopCaller,
    query: UncollectedQuery,
  ): Promise<{ results: UncollectedJob[]; count: number }> {
    const today = await this.today(shopId);
    const filter = query.due
      ? { readyOnOrBefore: daysBefore(today, UNCOLLECTED_REMINDER_DAYS), unreminded: true }
      : {};
    const paging = pagingOf(query);
    const { count } = await this.ctx.repos.workshopMoney.ready(shopId, filter, 0);
    const offset = checkPage(paging, count);
    const { rows } = await this.ctx.repos.workshopMoney.ready(shopId, filter, paging.pageSize, offset);
    return { results: rows.map((row) => jobOf(row, today)), count };
  }

  /**
   * The reminders due today: every job ready for UNCOLLECTED_REMINDER_DAYS days or more with none yet, each
   * recorded with today's date and the sum owed (Schedule 1 Part I: the goods are ready for redelivery, and what
   * is owed). Run twice, the second run finds none due. After the commit each reminder is e-mailed through the
   * mail module (its outbox keeps it, sent or to retry): 'mailed'; a client with no e-mail address stays
   * 'recorded', for the shop to post.
   */
  async remind(caller: ShopCaller): Promise<{ reminded: UncollectedJob[] }> {
    const { shopId, userId } = caller;
    const today = await this.today(shopId);
    const at = this.ctx.now();
    const reminded = await this.ctx.transaction(async (repos) => {
      const { rows } = await repos.workshopMoney.ready(
        shopId,
        { readyOnOrBefore: daysBefore(today, UNCOLLECTED_REMINDER_DAYS), unreminded: true },
        null,
      );
      const done: UncollectedRow[] = [];
      for (const row of rows) {
        const recorded = await repos.workshopMoney.recordNotice({
          shopId,
          jobId: row.jobId,
          kind: 'reminder',
          issuedOn: today,
          saleAfter: null,
          amountOwedGbp: owedOf(row),
          delivery: 'recorded',
          userId,
          at,
        });
        if (!recorded) continue;
        await this.audit(repos, caller, row, 'uncollected_reminder', {
          remindedOn: today,
          owedGbp: owedOf(row),
        });
        done.push({ ...row, remindedOn: today, reminderDelivery: 'recorded' });
      }
      return done;
    });
    const shop = await this.ctx.repos.workshop.shop(shopId);
    const shopName = shop.printedName;
    for (const row of reminded) {
      if (row.clientId === null || row.clientEmail.trim() === '') continue;
      const sent = await sendMail(this.ctx, shopId, reminderMail(row, shopName, today, userId));
      if (sent.status === 'not_sendable') continue;
      await this.ctx.repos.workshopMoney.setDelivery(row.jobId, 'reminder', 'mailed');
      row.reminderDelivery = 'mailed';
    }
    return { reminded: reminded.map((row) => jobOf(row, today)) };
  }

  /**
   * The notice of intention to sell for a job ready for collection. `saleAfter` defaults to three months from
   * today and, while money is owed, may not be sooner (400 saleAfter); it must be after today in any case. A job
   * has one notice: asked again, the one on record is answered.
   */
  async notice(caller: ShopCaller, jobId: number, body: UncollectedNoticeCreate): Promise<UncollectedNotice> {
    const { shopId, userId } = caller;
    const today = await this.today(shopId);
    const at = this.ctx.now();
    await this.ctx.transaction(async (repos) => {
      const state = await repos.workshop.state(shopId, jobId, true);
      if (!state) throw notFound();
      if ((await repos.workshopMoney.notice(jobId)) !== null) return;
      if (state.stage !== 'ready') throw conflict(NOTICE_NOT_READY);
      const row = await this.readyRow(repos, shopId, jobId);
      const owed = owedOf(row);
      const earliest = monthsAfter(today, 3);
      const bag = new ErrorBag();
      const saleAfter = dateField(bag, 'saleAfter', body.saleAfter, earliest, {
        notBefore: penceOf(owed) > 0n ? earliest : daysBefore(today, -1),
      });
      if (bag.has('saleAfter') && penceOf(owed) > 0n) bag.errors.saleAfter = [NOTICE_TOO_SOON(earliest)];
      bag.throwIfAny();
      await repos.workshopMoney.recordNotice({
        shopId,
        jobId,
        kind: 'notice',
        issuedOn: today,
        saleAfter,
        amountOwedGbp: owed,
        delivery: 'recorded',
        userId,
        at,
      });
      await this.audit(repos, caller, row, 'uncollected_notice', { saleAfter, owedGbp: owed });
    });
    return this.recordedNotice(caller, jobId);
  }

  /** The notice on record, with what it states (for the answer and the PDF). */
  async recordedNotice({ shopId }: ShopCaller, jobId: number): Promise<UncollectedNotice> {
    const { workshopMoney, workshop } = this.ctx.repos;
    const job = await workshopMoney.job(shopId, jobId);
    const notice = job && (await workshopMoney.notice(jobId));
    if (!job || !notice) throw notFound();
    const shop = await workshop.shop(shopId);
    return {
      jobId,
      reference: jobReference(job.number),
      issuedOn: notice.issuedOn,
      saleAfter: notice.saleAfter,
      clientName: job.clientName,
      goods: job.goods,
      amountOwedGbp: Number(notice.amountOwedGbp),
      heldBy: shop.printedName,
      heldAt: shop.address
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    };
  }

  private async readyRow(repos: WorkshopMoneyRepos, shopId: number, jobId: number): Promise<UncollectedRow> {
    const [row] = (await repos.workshopMoney.ready(shopId, { jobId }, null)).rows;
    if (!row) throw conflict(NOTICE_NOT_READY);
    return row;
  }

  private async audit(
    repos: WorkshopMoneyRepos,
    { shopId, userId }: ShopCaller,
    row: UncollectedRow,
    action: string,
    after: Record<string, unknown>,
  ) {
    await repos.audit.record({
      shopId,
      userId,
      entity: 'workshop_job',
      entityId: row.jobId,
      action,
      after,
      at: this.ctx.now(),
      recordName: jobReference(row.number),
      clientId: row.clientId,
    });
  }
}
