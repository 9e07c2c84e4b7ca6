import {
  ESTIMATE_LINE_KIND_LABELS,
  JOB_DEPOSIT_WHEN,
  JOB_NEEDS_CLIENT,
  JOB_NEEDS_LINES,
  JOB_NOT_PAYABLE,
  WORKSHOP_CLOSED_STAGES,
  jobReference,
  workshopMoveProblem,
  type Deal,
  type DealCreate,
  type DealPaymentInput,
  type ItemMargins,
  type JobCollect,
  type JobDepositCreate,
  type JobMoney,
  type WorkshopStage,
} from '@loupe/contracts';
import type { ModuleContext } from '../../kernel/context';
import { conflict, notFound } from '../../kernel/http-errors';
import { gbpOf, penceOf, poundsOf, sumPounds } from '../../kernel/money';
import type { ShopCaller } from '../../kernel/shop-scope';
import { DealsService, type SalesRepos } from '../sales';
import type { MoneyJob, WorkshopMoneyRepository } from './money-repository';
import { unpaidConflict } from './money-rules';
import type { WorkshopRepository } from './workshop-repository';
import { moveJobStage, notifyJobStageChanged, type JobStageChange } from './workshop-service';

/** The repositories of the workshop's money: the sales workflow's, the jobs' and the money tables. */
export interface WorkshopMoneyRepos extends SalesRepos {
  workshop: WorkshopRepository;
  workshopMoney: WorkshopMoneyRepository;
}
export type WorkshopMoneyContext = ModuleContext<WorkshopMoneyRepos>;

/**
 * Stages a deposit may be taken in: the estimate is fixed (workshop's estimateEditProblem: lines change only while
 * received or assessing) and the client has agreed to it, so the deal's lines are the invoice's. Before the
 * approval the client may still decline, and the piece go back unrepaired with nothing owed.
 */
const DEPOSIT_STAGES: readonly WorkshopStage[] = ['approved', 'in_workshop', 'quality_check', 'ready'];

const num = (value: string) => Number(value);

/** Thrown inside a deposit's deal when another deposit of the job linked its deal first. */
class DepositRaced extends Error {
  constructor(readonly dealId: number) {
    super('another deposit of this job came first');
  }
}

/** The payments' sterling total, money in less money out, exact (each round2(amount × rate) as sales does). */
function paymentsGbp(payments: readonly DealPaymentInput[]): string {
  return sumPounds(
    payments.map((p) => {
      const gbp = gbpOf(String(p.amount), String(p.exchangeRate ?? '1'));
      return p.direction === 'out' ? `-${gbp}` : gbp;
    }),
  );
}

/**
 * THE WORKSHOP'S MONEY (issue 23, item 5; contracts/src/workshop-money.ts). A client's job is paid for through the
 * sales workflow's one service — its deposit a reserved deal's deposit, its collection that deal's completion and
 * invoice — with the job's own writes (the link, the move to collected) as a step inside the deal's transaction
 * (DealStep): the invoice and the collection commit together or not at all. The AML guard sees every payment, as
 * for any deal. A stock item's job is not invoiced: collecting it records its cost for the shop's margin.
 */
export class WorkshopMoneyService {
  private readonly deals: DealsService<WorkshopMoneyRepos>;

  constructor(private readonly ctx: WorkshopMoneyContext) {
    this.deals = new DealsService(ctx);
  }

  private async job(shopId: number, jobId: number): Promise<MoneyJob> {
    const job = await this.ctx.repos.workshopMoney.job(shopId, jobId);
    if (!job) throw notFound();
    return job;
  }

  private today(shopId: number): Promise<string> {
    return this.ctx.repos.items.shopToday(shopId, this.ctx.now());
  }

  // ---------------------------------------------------------------- reads

  async money(caller: ShopCaller, jobId: number): Promise<JobMoney> {
    const job = await this.job(caller.shopId, jobId);
    const dealId = await this.ctx.repos.workshopMoney.dealOf(job.id);
    const deal = dealId === null ? null : await this.deals.detail(caller, dealId);
    return this.moneyOf(job, deal);
  }

  private async moneyOf(job: MoneyJob, deal: Deal | null): Promise<JobMoney> {
    const stock = job.itemId !== null;
    const repair = stock ? await this.ctx.repos.workshopMoney.repairCostOf(job.id) : null;
    // A deal still open owes its balance; with none, a client's job owes its lines until it ends.
    const owed = deal
      ? deal.totals.balanceGbp
      : stock || WORKSHOP_CLOSED_STAGES.includes(job.stage)
        ? 0
        : num(job.linesGbp);
    return {
      jobId: job.id,
      kind: stock ? 'stock' : 'client',
      linesGbp: num(job.linesGbp),
      dealId: deal?.id ?? null,
      dealReference: deal?.reference ?? null,
      dealStatus: deal?.status ?? null,
      paidGbp: deal?.totals.paidGbp ?? 0,
      balanceGbp: owed,
      invoice: deal?.invoice ?? null,
      repairCostGbp: repair === null ? null : num(repair),
    };
  }

  // ---------------------------------------------------------------- the deposit

  /**
   * Money in before collection. The first payment reserves a deal of the job's lines for its client, with this
   * payment as the deposit; later ones are instalments on that deal (not beyond the balance: sales refuses).
   */
  async deposit(caller: ShopCaller, jobId: number, body: JobDepositCreate): Promise<JobMoney> {
    const job = await this.job(caller.shopId, jobId);
    if (job.itemId !== null || job.clientId === null) throw conflict(JOB_NEEDS_CLIENT);
    if (WORKSHOP_CLOSED_STAGES.includes(job.stage)) throw conflict(JOB_NOT_PAYABLE);
    if (!DEPOSIT_STAGES.includes(job.stage)) throw conflict(JOB_DEPOSIT_WHEN);
    if (job.lines.length === 0) throw conflict(JOB_NEEDS_LINES);
    const dealId = await this.ctx.repos.workshopMoney.dealOf(job.id);
    if (dealId !== null) return this.instalment(caller, job, dealId, body);
    const today = await this.today(caller.shopId);
    const collectBy = job.promisedDate !== null && job.promisedDate > today ? job.promisedDate : today;
    try {
      await this.deals.create(
        caller,
        { ...this.dealOf(job), payments: [body.payment], date: body.date, reserve: { collectBy } },
        (repos, newDeal) => this.link(repos, caller, job, newDeal),
      );
    } catch (error) {
      // Another deposit of this job won the race: this one's deal rolled back; it is an instalment on that one.
      if (!(error instanceof DepositRaced)) throw error;
      return this.instalment(caller, job, error.dealId, body);
    }
    return this.money(caller, job.id);
  }

  private async instalment(caller: ShopCaller, job: MoneyJob, dealId: number, body: JobDepositCreate) {
    const deal = await this.deals.detail(caller, dealId);
    if (deal.status !== 'reserved') throw conflict(JOB_NOT_PAYABLE);
    await this.deals.pay(caller, dealId, { payment: body.payment, date: body.date });
    return this.money(caller, job.id);
  }

  /** The deal of a job's lines: 'other' lines, labour and parts, standard-rated, for the job's client. */
  private dealOf(job: MoneyJob): Omit<DealCreate, 'payments'> {
    return {
      clientId: job.clientId,
      lines: job.lines.map((line) => ({
        kind: 'other' as const,
        description: `${ESTIMATE_LINE_KIND_LABELS[line.kind]}: ${line.description}`.slice(0, 200),
        price: line.amountGbp,
        vatRate: 'standard' as const,
      })),
      notes: `Workshop job ${jobReference(job.number)}`,
    };
  }

  /**
   * Inside the deal's transaction: the job's row locked, the deal linked to it. A second deposit that raced the
   * first finds the link: its own deal rolls back (DepositRaced) and the payment goes on the winner's deal.
   */
  private async link(repos: WorkshopMoneyRepos, caller: ShopCaller, job: MoneyJob, dealId: number) {
    await repos.workshop.state(caller.shopId, job.id, true);
    const winner = await repos.workshopMoney.dealOf(job.id, true);
    if (winner !== null) throw new DepositRaced(winner);
    await repos.workshopMoney.linkDeal({
      jobId: job.id,
      shopId: caller.shopId,
      dealId,
      userId: caller.userId,
      at: this.ctx.now(),
    });
  }

  // ---------------------------------------------------------------- collection

  /**
   * The piece handed back. A client's job: the last payments must settle what it owes exactly (409 with the figure
   * when short); its deal is completed (or, with no deposit, made) with its invoice, and the job moved to
   * collected in the same transaction. A stock item's job: its cost is recorded, the job collected.
   */
  async collect(caller: ShopCaller, jobId: number, body: JobCollect): Promise<JobMoney> {
    const job = await this.job(caller.shopId, jobId);
    const problem = workshopMoveProblem({ stage: job.stage, estimateRequired: true }, 'collected');
    if (problem) throw conflict(problem);
    const payments = body.payments ?? [];
    const changes: JobStageChange[] = [];
    await this.settle(caller, job, body, payments, changes);
    // After the commit: the workshop's listeners (the mail part's "collected" messages) hear of the move.
    await notifyJobStageChanged(this.ctx, changes);
    return this.money(caller, job.id);
  }

  private async settle(
    caller: ShopCaller,
    job: MoneyJob,
    body: JobCollect,
    payments: readonly DealPaymentInput[],
    changes: JobStageChange[],
  ): Promise<void> {
    if (job.itemId !== null) {
      await this.ctx.transaction(async (repos) => {
        const today = await repos.items.shopToday(caller.shopId, this.ctx.now());
        await this.moveToCollected(repos, caller, job, changes, body.note);
        await repos.workshopMoney.recordRepairCost({
          jobId: job.id,
          shopId: caller.shopId,
          itemId: job.itemId as number,
          costGbp: job.linesGbp,
          date: body.date ?? today,
          userId: caller.userId,
          at: this.ctx.now(),
        });
        await repos.audit.record({
          shopId: caller.shopId,
          userId: caller.userId,
          entity: 'item',
          entityId: job.itemId as number,
          action: 'update',
          after: { repairCostGbp: num(job.linesGbp), job: jobReference(job.number) },
          at: this.ctx.now(),
          itemId: job.itemId as number,
        });
      });
      return;
    }

    const dealId = await this.ctx.repos.workshopMoney.dealOf(job.id);
    const deal = dealId === null ? null : await this.deals.detail(caller, dealId);
    const owed = deal ? String(deal.totals.balanceGbp) : job.linesGbp;
    const left = poundsOf(penceOf(owed) - penceOf(paymentsGbp(payments)));
    if (num(left) > 0) {
      throw unpaidConflict(left);
    }
    const step = async (repos: WorkshopMoneyRepos, id: number) => {
      if (!deal) await this.link(repos, caller, job, id);
      await this.moveToCollected(repos, caller, job, changes, body.note);
    };
    if (deal?.status === 'reserved') {
      await this.deals.complete(caller, deal.id, { payments: [...payments], date: body.date }, step);
    } else if (!deal && job.lines.length > 0) {
      await this.deals.create(
        caller,
        { ...this.dealOf(job), payments: [...payments], date: body.date },
        step,
      );
    } else {
      // Nothing to invoice (no lines), or a deal no longer open: the piece goes back as it is.
      if (payments.length > 0) throw conflict(JOB_NOT_PAYABLE);
      await this.ctx.transaction((repos) => this.moveToCollected(repos, caller, job, changes, body.note));
    }
  }

  /**
   * The job moved to collected inside the caller's transaction (the workshop's moveJobStage: its row locked, the
   * shared stage rule, the move recorded and audited); the change is kept for the listeners after the commit.
   */
  private async moveToCollected(
    repos: WorkshopMoneyRepos,
    caller: ShopCaller,
    job: MoneyJob,
    changes: JobStageChange[],
    note = '',
  ) {
    changes.push(await moveJobStage(repos, caller, job.id, 'collected', note, this.ctx.now()));
  }

  // ---------------------------------------------------------------- a stock item's two margins

  /**
   * An item's cost two ways and, once sold, its margin two ways: the shop's own (the sale less the purchase price
   * and every repair) and the margin scheme's (less the purchase price alone, with the VAT within it, as the
   * sales workflow fixed them at the sale: HMRC VAT Notice 718 — restoration costs are not part of the purchase
   * price). The stock book keeps the purchase price.
   */
  async itemMargins(caller: ShopCaller, itemId: number): Promise<ItemMargins> {
    const { workshopMoney } = this.ctx.repos;
    const item = await workshopMoney.marginItem(caller.shopId, itemId);
    if (!item) throw notFound();
    const repairs = await workshopMoney.itemRepairs(caller.shopId, itemId);
    const repairCost = sumPounds(repairs.map((r) => r.costGbp));
    const shopCost = sumPounds([item.purchasePriceGbp, repairCost]);
    const sale = await workshopMoney.standingSale(caller.shopId, itemId);
    const scheme = item.vatScheme === 'margin';
    return {
      itemId: item.id,
      vatScheme: item.vatScheme,
      purchasePriceGbp: num(item.purchasePriceGbp),
      repairCostGbp: num(repairCost),
      shopCostGbp: num(shopCost),
      repairs: repairs.map((r) => ({
        jobId: r.jobId,
        reference: jobReference(r.number),
        costGbp: num(r.costGbp),
        recordedOn: r.recordedOn,
      })),
      sale: sale && {
        saleId: sale.saleId,
        date: sale.date,
        amountGbp: num(sale.amountGbp),
        shopMarginGbp: num(poundsOf(penceOf(sale.amountGbp) - penceOf(shopCost))),
        schemeMarginGbp: scheme
          ? num(sale.marginGbp ?? poundsOf(penceOf(sale.amountGbp) - penceOf(item.purchasePriceGbp)))
          : null,
        // Null when the shop charged no VAT (no VAT number at the sale).
        marginVatGbp: scheme && sale.marginVatGbp !== null ? num(sale.marginVatGbp) : null,
      },
    };
  }
}
