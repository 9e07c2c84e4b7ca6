/*
 * THE CLIENT'S APPROVAL PAGE (issue 23 item 4): public, outside any session. The link in the estimate e-mail is
 * `PUBLIC_URL` + `/api` + APPROVAL_PATH + token (the browser reaches this service under /api, as every route).
 *
 *   GET  /public/workshop/approve/{token} → 200 text/html: the estimate (lines, VAT, total) with Approve and
 *        Decline buttons in a form that posts back to the same address; no script.
 *   POST /public/workshop/approve/{token}  (application/x-www-form-urlencoded, decision=approve|decline)
 *        → 200 text/html: the job moved to 'approved' or 'declined' through the workshop's moveJobStage, audited as
 *        the client's decision (no member), the link used up.
 *   Refused, as an HTML page and changing nothing: 404 a link this server did not issue (malformed, tampered
 *   with, signed by another key, naming another shop's job), 410 used, expired or superseded by a newer estimate
 *   e-mail, 409 the job no longer waits for an answer, 400 no decision.
 *
 * The token is the credential (approval-tokens.ts): signed, single-use, expiring, naming shop, job and estimate
 * version; nothing of the shop but this job's estimate is reachable through it. The POST is exempt from the API's
 * CSRF check on purpose: CSRF abuses credentials a browser sends by itself (cookies), and this form carries
 * none — its credential is in the address, which a forging site would have to know already, and with it could
 * answer directly. Every other protection of the API holds: the Host check (ALLOWED_HOSTS), the per-address
 * request limit for anonymous traffic (counted before anything is read), security headers, and a policy of its
 * own for this page (APPROVAL_PAGE_CSP: no script, its own style only, the form posting only to itself, never
 * framed); Cache-Control no-store and no Referer leave the address in no cache or log of another site.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WorkshopContext } from './deps';
import { formatDateLong } from '../../kernel/pdf/format';
import { APPROVAL_PAGE_CSP, decidedPage, estimatePage, refusalPage, REFUSALS } from './approval-page';
import { answerEstimate, approvalVerdict, type ApprovalEnv } from './approval-service';
import './notifications';

/** The service's path of the page; the token follows. */
export const APPROVAL_PATH = '/public/workshop/approve/';

const DECISIONS = { approve: 'approved', decline: 'declined' } as const;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-security-policy', APPROVAL_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(body);
}

const expiryDay = (at: Date) => formatDateLong(at.toISOString().slice(0, 10));

const approvalRoutes: FastifyPluginAsyncTypebox<{ ctx: WorkshopContext }> = async (fastify, { ctx }) => {
  const env: ApprovalEnv = { db: ctx.db, config: ctx.config, now: ctx.now };

  // The form's body, for these routes only: one short field.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const route = { auth: 'none' as const, csrfExempt: true };

  fastify.get<{ Params: { token: string } }>(`${APPROVAL_PATH}:token`, {
    config: route,
    schema: { hide: true },
    handler: async (request, reply) => {
      const verdict = await approvalVerdict(env, request.params.token);
      if (!verdict.ok)
        return html(reply, REFUSALS[verdict.refusal].status, refusalPage(verdict.refusal, verdict.shopName));
      const { job, shop } = verdict.job;
      return html(reply, 200, estimatePage(job, shop, expiryDay(verdict.claims.expiresAt)));
    },
  });

  fastify.post<{ Params: { token: string }; Body: unknown }>(`${APPROVAL_PATH}:token`, {
    config: route,
    schema: { hide: true },
    handler: async (request, reply) => {
      const body = request.body as Record<string, unknown> | null | undefined;
      const chosen = typeof body?.decision === 'string' ? body.decision : '';
      const decision = DECISIONS[chosen as keyof typeof DECISIONS];
      if (!decision) return html(reply, 400, refusalPage('badRequest'));
      const verdict = await answerEstimate(env, request.params.token, decision, request.log);
      if (!verdict.ok)
        return html(reply, REFUSALS[verdict.refusal].status, refusalPage(verdict.refusal, verdict.shopName));
      return html(reply, 200, decidedPage(verdict.job.job, verdict.job.shop, decision));
    },
  });
};

export default approvalRoutes;
