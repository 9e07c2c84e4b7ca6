import type { Db, Queryable } from '../../db/database';
import type { Config } from '../../config';
import { ApiError } from '../../kernel/http-errors';
import { AuditRepository } from '../audit';
import { ApprovalRepository, type ApprovalTokenRow } from './approval-repository';
import { approvalKey, readApprovalToken, tokenDigest, type ApprovalClaims } from './approval-tokens';
import type { Refusal } from './approval-page';
import { WorkshopRepository } from './workshop-repository';
import {
  getJobForDocuments,
  moveJobStage,
  notifyJobStageChanged,
  type HookLog,
  type JobForDocuments,
} from './workshop-service';

/** What the approval page needs: the database, the configuration (the signing key), the clock. */
export interface ApprovalEnv {
  db: Db;
  config: Config;
  now: () => Date;
}

export type Verdict =
  | { ok: false; refusal: Refusal; shopName?: string }
  | { ok: true; claims: ApprovalClaims; row: ApprovalTokenRow; job: JobForDocuments };

/** The audit trail's words for the move: the client decided, through the link (userId null). */
const DECISION_NOTES = {
  approved: 'Approved by the client through the approval link in the estimate e-mail.',
  declined: 'Declined by the client through the approval link in the estimate e-mail.',
} as const;

/**
 * Whether a token is a live approval link, read on `db` (the database, or the answer's transaction with the
 * link's row locked): signed by this server (else invalid: tampered, made up, another key), issued (its digest
 * recorded, for the very shop, job and estimate version it names: else invalid, so a token naming another
 * shop's job gets nowhere), unused, unexpired, not superseded, and its job still waiting at 'estimate sent' for
 * that version of the estimate.
 */
async function verdictOn(db: Queryable, env: ApprovalEnv, token: string, lock: boolean): Promise<Verdict> {
  const claims = readApprovalToken(approvalKey(env.config), token);
  if (!claims) return { ok: false, refusal: 'invalid' };
  const approvals = new ApprovalRepository(db);
  const row = await approvals.find(tokenDigest(token), lock);
  if (
    !row ||
    row.shopId !== claims.shopId ||
    row.jobId !== claims.jobId ||
    row.estimateVersion !== claims.estimateVersion
  ) {
    return { ok: false, refusal: 'invalid' };
  }
  let job: JobForDocuments;
  try {
    job = await getJobForDocuments(db, row.shopId, row.jobId, env.now());
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return { ok: false, refusal: 'invalid' };
    throw error;
  }
  const shopName = job.shop.name;
  if (row.usedAt) return { ok: false, refusal: 'used', shopName };
  const now = env.now().getTime();
  if (now >= claims.expiresAt.getTime() || now >= row.expiresAt.getTime())
    return { ok: false, refusal: 'expired', shopName };
  if (row.supersededAt) return { ok: false, refusal: 'superseded', shopName };
  if (
    job.job.stage !== 'estimate_sent' ||
    (await approvals.estimateVersion(row.shopId, row.jobId)) !== row.estimateVersion
  ) {
    return { ok: false, refusal: 'closed', shopName };
  }
  return { ok: true, claims, row, job };
}

/** The page's GET: what the link shows, changing nothing. */
export const approvalVerdict = (env: ApprovalEnv, token: string): Promise<Verdict> =>
  verdictOn(env.db, env, token, false);

/**
 * The client's answer (the page's POST): in one transaction, the link's row locked, checked again, the job moved
 * by the workshop's moveJobStage (the one stage rule; audited with no member, as the client's decision) and the
 * link marked used, so a second answer — even one sent at the same moment — is refused and changes nothing.
 * After the commit the workshop's listeners are told, as after any move.
 */
export async function answerEstimate(
  env: ApprovalEnv,
  token: string,
  decision: 'approved' | 'declined',
  log?: HookLog,
): Promise<Verdict> {
  const at = env.now();
  const outcome = await env.db.transaction(async (tx) => {
    const verdict = await verdictOn(tx, env, token, true);
    if (!verdict.ok) return { verdict, change: null };
    const { shopId, jobId, id } = verdict.row;
    const change = await moveJobStage(
      { workshop: new WorkshopRepository(tx), audit: new AuditRepository(tx) },
      { shopId, userId: null },
      jobId,
      decision,
      DECISION_NOTES[decision],
      at,
    );
    await new ApprovalRepository(tx).markUsed(id, decision, at);
    return { verdict, change };
  });
  if (outcome.change) await notifyJobStageChanged(env, [outcome.change], log);
  return outcome.verdict;
}
