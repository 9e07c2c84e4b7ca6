import { JOB_BALANCE_UNPAID } from '@loupe/contracts';
import { ConflictWithFields } from '../../kernel/http-errors';
import { penceOf, poundsOf } from '../../kernel/money';
import type { WorkshopMoneyRepository } from './money-repository';

/**
 * What a client's job still owes before it may be collected, or null: its lines while no deal took them, else
 * its deal's balance (0 once completed — the collection's own deal completes inside the move's transaction). A
 * stock item's job owes nothing. The workshop's moveJobStage asks this before every move to collected, so the
 * board cannot hand a piece back past an unpaid balance; a job returned unrepaired is never asked.
 */
export async function unpaidOnCollection(
  repos: { workshopMoney: WorkshopMoneyRepository },
  shopId: number,
  jobId: number,
): Promise<string | null> {
  const job = await repos.workshopMoney.job(shopId, jobId);
  if (!job || job.itemId !== null) return null;
  const deal = await repos.workshopMoney.dealMoney(jobId);
  if (deal && deal.status !== 'reserved') return null;
  const owed = penceOf(job.linesGbp) - penceOf(deal?.paidGbp ?? '0');
  return owed > 0n ? poundsOf(owed) : null;
}

/** The 409 a collection short of the balance answers: the figure in words and as a number. */
export const unpaidConflict = (owed: string) =>
  new ConflictWithFields({ detail: JOB_BALANCE_UNPAID(owed), balanceGbp: Number(owed) });
