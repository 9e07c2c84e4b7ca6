/*
 * THE WORKSHOP'S MONEY API (issue 23, item 5). Schemas and words: contracts/src/workshop-money.ts; paths:
 * `endpoints.workshopMoney`. Every route needs a signed-in member of the shop; an item's margins need
 * `can(role, 'viewCosts')` (403 COSTS_NOT_ALLOWED otherwise: they give its cost).
 *
 *   GET  /api/workshop/jobs/{id}/money/ → JobMoney: the job's lines, its deal, paid, balance, invoice.
 *   POST /api/workshop/jobs/{id}/deposit/ { payment, date? } → JobMoney: the deposit (a reserved deal of the job's
 *        lines) or an instalment on it; 409 for a stock item's job, before the estimate is approved, with no
 *        lines, or once the job is closed; the sales workflow's 400s and the AML guard's 409 as for any deal.
 *   POST /api/workshop/jobs/{id}/collect/ { payments?, date? } → JobMoney: the job collected with its invoice;
 *        409 { detail: JOB_BALANCE_UNPAID(figure), balanceGbp } when the payments leave something to pay; 409 when
 *        the job is not ready. A stock item's job: its lines' total recorded as the item's repair cost.
 *   GET  /api/workshop/items/{id}/margins/ → ItemMargins: purchase price, repair costs, and once sold the shop's
 *        margin and the margin scheme's margin with its VAT.
 *   GET  /api/workshop/uncollected/?due&page&page_size → { results: UncollectedJob[], count }: ready jobs,
 *        longest-waiting first, with their dates; due=true: those owed a reminder (ready 30 days, none yet).
 *   POST /api/workshop/uncollected/reminders/ → { reminded }: records the reminders due today (once per job).
 *   POST /api/workshop/jobs/{id}/uncollected-notice/ { saleAfter? } → 201 UncollectedNotice: the notice of
 *        intention to sell (Torts (Interference with Goods) Act 1977); 400 saleAfter sooner than three months while
 *        money is owed; 409 when the job is not ready. Asked again: the notice on record.
 *   GET  /api/workshop/jobs/{id}/uncollected-notice/pdf/ → application/pdf, the notice to post.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { requireCosts } from '../../kernel/costs';
import { pdfHeaders } from '../../kernel/pdf';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import { sellerOf } from './document-routes';
import { WorkshopMoneyService, type WorkshopMoneyContext } from './money-service';
import { noticeFileName, renderNoticePdf } from './uncollected-pdf';
import { UncollectedService } from './uncollected-service';

const TAGS = ['workshop'];

const workshopMoneyRoutes: FastifyPluginAsyncTypebox<{ ctx: WorkshopMoneyContext }> = async (
  fastify,
  { ctx },
) => {
  const money = new WorkshopMoneyService(ctx);
  const uncollected = new UncollectedService(ctx);
  const conflict = { response: { 409: Detail } };

  fastify.route({
    ...staffRoute(endpoints.workshopMoney.money, TAGS, {
      summary: "A job's money: its lines, its deal, what is paid and left to pay, the invoice",
    }),
    handler: async (request) => money.money(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.workshopMoney.deposit, TAGS, {
      summary: "Takes a job's deposit (a reserved deal of its lines) or an instalment on it",
      ...conflict,
    }),
    handler: async (request) => money.deposit(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.workshopMoney.collect, TAGS, {
      summary: 'Collects a ready job: the last payments, its invoice (a completed deal) and the move',
      ...conflict,
    }),
    handler: async (request) => money.collect(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.workshopMoney.itemMargins, TAGS, {
      summary: "A stock item's purchase price and repair costs, and its shop and margin-scheme margins",
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      requireCosts(caller);
      return money.itemMargins(caller, pathId(request.params.id));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.workshopMoney.uncollected, TAGS, {
      summary: 'Jobs ready for collection and not collected, longest-waiting first, with their dates',
    }),
    handler: async (request) => uncollected.list(shopCaller(request), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.workshopMoney.remind, TAGS, {
      summary: 'Records the reminders to collect that are due (ready 30 days, none yet)',
    }),
    handler: async (request) => uncollected.remind(shopCaller(request)),
  });

  fastify.route({
    ...staffRoute(endpoints.workshopMoney.notice, TAGS, {
      summary: 'Records the notice of intention to sell an uncollected piece (Torts Act 1977, Schedule 1)',
      ...conflict,
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await uncollected.notice(shopCaller(request), pathId(request.params.id), request.body ?? {})),
  });

  fastify.route({
    ...staffRoute(endpoints.workshopMoney.noticePdf, TAGS, {
      summary: 'The notice of intention to sell as PDF, to send by registered post or recorded delivery',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const notice = await uncollected.recordedNotice(caller, pathId(request.params.id));
      const shop = await ctx.repos.workshop.shop(caller.shopId);
      const bytes = await renderNoticePdf(notice, sellerOf(shop));
      return reply.headers(pdfHeaders(noticeFileName(notice), bytes.length)).send(bytes);
    },
  });
};

export default workshopMoneyRoutes;
