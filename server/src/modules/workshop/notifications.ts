import { API_BASE } from '@loupe/contracts';
import { formatDateLong, formatMoney } from '../../kernel/pdf/format';
import { escapeHtml, sendMail } from '../mail';
import { ApprovalRepository } from './approval-repository';
import { APPROVAL_LINK_DAYS, approvalKey, signApprovalToken, tokenDigest } from './approval-tokens';
import {
  getJobForDocuments,
  onJobStageChanged,
  type JobForDocuments,
  type JobStageChange,
  type JobStageHookContext,
} from './workshop-service';

/**
 * The workshop's e-mails to the client (issue 23 item 4), sent after a stage move commits (onJobStageChanged):
 *  - estimate_sent: the estimate, with the link to the public approval page (a new signed, single-use link, valid
 *    APPROVAL_LINK_DAYS days; the job's earlier links are superseded);
 *  - ready: "ready for collection".
 * Through the mail module's sendMail, which records every message in the outbox first: a client without an
 * e-mail address gets a message recorded as not sendable, saying so, for the staff to see (and send once an
 * address is added) — never silently nothing. A stock item's job (the shop's own piece) has no client to tell.
 */

/** The path of the approval page (approval-routes.ts's APPROVAL_PATH; kept here too so that file may import this one). */
const APPROVAL_PAGE = '/public/workshop/approve/';

const DAY_MS = 24 * 60 * 60 * 1000;

const pieceOf = (job: JobForDocuments['job']) => [job.brand, job.model].filter(Boolean).join(' ') || 'piece';

/** Issues the job's approval link for its current estimate, and answers its address and last day. */
async function issueApprovalLink(
  ctx: JobStageHookContext,
  change: JobStageChange,
): Promise<{ url: string; until: Date }> {
  const issuedAt = ctx.now();
  const expiresAt = new Date(issuedAt.getTime() + APPROVAL_LINK_DAYS * DAY_MS);
  const token = await ctx.db.transaction(async (tx) => {
    const approvals = new ApprovalRepository(tx);
    const estimateVersion = await approvals.estimateVersion(change.shopId, change.jobId);
    const signed = signApprovalToken(approvalKey(ctx.config), {
      shopId: change.shopId,
      jobId: change.jobId,
      estimateVersion,
      expiresAt,
    });
    await approvals.issue({
      shopId: change.shopId,
      jobId: change.jobId,
      estimateVersion,
      digest: tokenDigest(signed),
      issuedAt,
      expiresAt,
    });
    return signed;
  });
  return { url: `${ctx.config.mail.publicUrl}${API_BASE}${APPROVAL_PAGE}${token}`, until: expiresAt };
}

function estimateMessage({ job, client }: JobForDocuments, link: { url: string; until: Date }) {
  const piece = pieceOf(job);
  const until = formatDateLong(link.until.toISOString().slice(0, 10));
  const lines = job.estimate.lines.map((l) => `  ${l.description}: ${formatMoney(l.amountGbp)}`);
  const deposit =
    job.depositRequestedGbp !== null && job.depositRequestedGbp > 0
      ? `A deposit of ${formatMoney(job.depositRequestedGbp)} is asked before the work starts.`
      : '';
  const greeting = `Dear ${client!.name},`;
  const intro = `Our estimate for your ${piece} (job ${job.reference}) is ready:`;
  const totals = `Total ${formatMoney(job.estimate.totalGbp)}, including VAT of ${formatMoney(job.estimate.vatGbp)}.`;
  const ask = `Please approve or decline it here: ${link.url}`;
  const note = `The link can be used once, until ${until}. If you decline, your ${piece} is returned to you unrepaired.`;
  return {
    subject: `Your estimate for job ${job.reference}`,
    text: [
      greeting,
      '',
      intro,
      '',
      ...lines,
      '',
      totals,
      ...(deposit ? [deposit] : []),
      '',
      ask,
      '',
      note,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${job.estimate.lines.map((l) => `<li>${escapeHtml(l.description)}: ${formatMoney(l.amountGbp)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(totals)}${deposit ? ` ${escapeHtml(deposit)}` : ''}</p>`,
      `<p><a href="${escapeHtml(link.url)}">Approve or decline the estimate</a></p>`,
      `<p>${escapeHtml(note)}</p>`,
    ].join('\n'),
  };
}

function readyMessage({ job, client, shop }: JobForDocuments) {
  const piece = pieceOf(job);
  const greeting = `Dear ${client!.name},`;
  const ready = `Your ${piece} (job ${job.reference}) is ready for collection.`;
  const bring = `Please bring your intake receipt or quote the job number when you collect it.`;
  const where = shop.address ? `You can collect it from ${shop.address.split(/\r?\n/).join(', ')}.` : '';
  return {
    subject: `Your ${piece} is ready for collection (job ${job.reference})`,
    text: [greeting, '', ready, ...(where ? [where] : []), bring].join('\n'),
    html: [greeting, ready, ...(where ? [where] : []), bring]
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('\n'),
  };
}

/** The listener: after a move to estimate_sent or ready, the client's e-mail. */
export async function notifyClientOfStage(change: JobStageChange, ctx: JobStageHookContext): Promise<void> {
  if (change.to !== 'estimate_sent' && change.to !== 'ready') return;
  const found = await getJobForDocuments(ctx.db, change.shopId, change.jobId, ctx.now());
  if (!found.client) return;
  const message =
    change.to === 'estimate_sent'
      ? estimateMessage(found, await issueApprovalLink(ctx, change))
      : readyMessage(found);
  await sendMail(ctx, change.shopId, {
    to: { name: found.client.name, address: found.client.email, clientId: found.client.id },
    ...message,
    related: { kind: 'workshop_job', id: change.jobId },
    createdBy: change.userId,
  });
}

if (!onJobStageChanged.includes(notifyClientOfStage)) onJobStageChanged.push(notifyClientOfStage);
