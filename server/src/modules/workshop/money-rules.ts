import { JOB_BALANCE_UNPAID, JOB_COLLECT_WITH_INVOICE } from '@loupe/contracts';
import { ConflictWithFields, conflict } from '../../kernel/http-errors';
import { penceOf, poundsOf } from '../../kernel/money';
import type { WorkshopMoneyRepository } from './money-repository';

/**
 * Why a job may not be collected yet, as the 409 to throw, or null. A client's job with lines is paid and
 * invoiced at its collection: while no deal took its lines it owes them all, and while its deal is still
 * reserved it owes the deal's balance — each a 409 with the figure; a reserved deal paid in full is collected
 * through the collection call, which issues the invoice as it moves the job (its deal completes inside the
 * move's transaction, so the move then finds it completed). A stock item's job, or one with no lines, owes
 * nothing. The workshop's moveJobStage asks this before every move to collected; a job returned unrepaired is
 * never asked.
 */
export async function collectionRefusal(
  repos: { workshopMoney: WorkshopMoneyRepository },
  shopId: number,
  jobId: number,
): Promise<Error | null> {
  const job = await repos.workshopMoney.job(shopId, jobId);
  if (!job || job.itemId !== null || job.lines.length === 0) return null;
  const deal = await repos.workshopMoney.dealMoney(jobId);
  if (deal && deal.status !== 'reserved') return null;
  const owed = penceOf(job.linesGbp) - penceOf(deal?.paidGbp ?? '0');
  return owed > 0n ? unpaidConflict(poundsOf(owed)) : conflict(JOB_COLLECT_WITH_INVOICE);
}

/** The 409 a collection short of the balance answers: the figure in words and as a number. */
export const unpaidConflict = (owed: string) =>
  new ConflictWithFields({ detail: JOB_BALANCE_UNPAID(owed), balanceGbp: Number(owed) });
