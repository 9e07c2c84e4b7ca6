/*
 * PURCHASES API (issue 22, items 1 and 2) — buy-ins with due diligence. Schemas: contracts/src/purchases.ts,
 * paths: `endpoints.purchases`, words: contracts/src/purchase-messages.ts. Every route needs a signed-in member of
 * the shop; reading purchases (list, page, PDF, certificate) and buying in (create, check, certificate upload)
 * need `can(role, 'viewCosts')` — 403 COSTS_NOT_ALLOWED otherwise: the price paid is the item's cost (platinum
 * and gold; silver only when the shop lets silver see costs); void needs `can(role, 'void')`.
 *
 *   GET  /api/purchases/?date_from&date_to&seller&status&page&page_size → { results: Purchase[], count }
 *        newest first (the purchase's day, then id).
 *   POST /api/purchases/  PurchaseCreate → 201 Purchase
 *        { sellerId, sellerKind: 'private'|'trade', date?, notes?,
 *          lines: [{ stockType, brand?, model?, serial, description?, price,
 *                    intake?: { conditionGrade?, box?, papers?, warrantyCard?, serviceHistory?, extraLinks?, notes? },
 *                    registerCheck?: { provider, searchReference, checkedOn, result: 'clear'|'flagged' } | null }],
 *          payments: [{ method, amount, currency?, exchangeRate? }] }   (all payments are money OUT to the seller)
 *        Each line becomes a stock item (next stock number, purchase price = line price, purchased on `date`).
 *        400 field errors: sellerId, lines[i].serial (taken / twice), lines[i].price, lines[i].registerCheck.*,
 *            payments[j].amount|exchangeRate, payments (the payments' GBP total must equal the lines' total).
 *        409 { detail, missing: [{ rule: 'seller_identity'|'register_check'|'register_flagged', line, detail }] }
 *            when due diligence is missing (line is 1-based; null for the seller's identity);
 *        409 AmlRefusal (rule 'aml_cash_threshold', missing, amountEur…) when the cash paid out reaches €10,000
 *            without complete CDD on the seller.
 *   POST /api/purchases/check/  PurchaseCreate → PurchaseCheck { totalGbp, paidGbp, missing[], aml } — saves
 *        nothing; what the create would refuse, for the screen to show before confirming.
 *   GET  /api/purchases/{id}/ → Purchase (lines with stockNumber, itemId, intake, registerCheck; payments).
 *   POST /api/purchases/{id}/void/ { reason } → Purchase (status 'voided'): payments reversed, items out of stock.
 *        409 when already voided or an item is no longer in stock (sold, checked out, reserved).
 *   GET  /api/purchases/{id}/pdf/ → application/pdf, the purchase invoice the seller signs.
 *   POST /api/purchases/{id}/lines/{lineId}/certificate/ multipart field "file" (PDF, JPEG, PNG; 10 MB)
 *        → 201 Purchase: the register check's certificate (replaces one uploaded before); 409 when the line
 *        has no register check.
 *   GET  /api/purchases/{id}/lines/{lineId}/certificate/ → the certificate file (attachment).
 * Photos of a bought piece: the item images API (POST /api/items/{itemId}/images/) with the line's itemId.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { encodeFilename } from '../../kernel/file-storage';
import { pdfHeaders } from '../../kernel/pdf';
import { requireCosts } from '../../kernel/costs';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { PurchasesContext } from './deps';
import { CertificateStore } from './certificates';
import { purchaseFileName, renderPurchasePdf } from './purchase-pdf';
import { PurchasesService } from './purchases-service';

const TAGS = ['purchases'];

/** The certificate upload, in a context of its own: only it reads multipart bodies. */
const certificateUploadRoutes: FastifyPluginAsyncTypebox<{
  ctx: PurchasesContext;
  purchases: PurchasesService;
  certificates: CertificateStore;
}> = async (fastify, { purchases, certificates }) => {
  await certificates.files.acceptUploads(fastify);
  fastify.route({
    ...staffRoute(endpoints.purchases.uploadCertificate, TAGS, {
      summary: 'Adds the register check certificate of a line (multipart field "file"; PDF, JPEG or PNG)',
      consumes: ['multipart/form-data'],
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const id = pathId(request.params.id);
      await certificates.upload(caller, id, pathId(request.params.lineId), request);
      return reply.code(201).send(await purchases.detail(caller, id));
    },
  });
};

const purchaseRoutes: FastifyPluginAsyncTypebox<{ ctx: PurchasesContext }> = async (fastify, { ctx }) => {
  const purchases = new PurchasesService(ctx);
  const certificates = new CertificateStore(ctx);
  const conflict = { response: { 409: Detail } };

  fastify.route({
    ...staffRoute(endpoints.purchases.list, TAGS, {
      summary: 'Lists purchases (buy-ins), newest first; by date range, seller and status',
    }),
    handler: async (request) => purchases.list(shopCaller(request), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.purchases.create, TAGS, {
      summary: 'Buys in pieces from a client: stock items with stock numbers, payments out, due diligence',
      ...conflict,
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await purchases.create(shopCaller(request), request.body)),
  });

  fastify.route({
    ...staffRoute(endpoints.purchases.check, TAGS, {
      summary: 'What a buy-in would be refused for (due diligence, AML guard); saves nothing',
    }),
    handler: async (request) => purchases.check(shopCaller(request), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.purchases.detail, TAGS, { summary: 'One purchase: lines, checks, payments' }),
    handler: async (request) => purchases.detail(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.purchases.void, TAGS, {
      summary: 'Voids a purchase by reversal; its items leave stock (platinum and gold)',
      ...conflict,
    }),
    handler: async (request) => purchases.void(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.purchases.pdf, TAGS, {
      summary: 'The purchase invoice as PDF, for the seller to sign',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const purchase = await purchases.detail(caller, pathId(request.params.id));
      const shop = await ctx.repos.purchases.shopDetails(caller.shopId);
      const bytes = await renderPurchasePdf(purchase, shop);
      return reply.headers(pdfHeaders(purchaseFileName(purchase), bytes.length)).send(bytes);
    },
  });

  await fastify.register(certificateUploadRoutes, { ctx, purchases, certificates });

  fastify.route({
    ...staffRoute(endpoints.purchases.certificate, TAGS, {
      summary: 'Downloads a register check certificate',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      requireCosts(caller);
      const { shopId } = caller;
      const file = await certificates.find(shopId, pathId(request.params.id), pathId(request.params.lineId));
      return certificates.files.send(reply, file, {
        'content-disposition': `attachment; filename="${file.name.replace(/[^A-Za-z0-9._ ()-]/g, '_')}"; filename*=UTF-8''${encodeFilename(file.name)}`,
        'cache-control': 'private, no-store',
      });
    },
  });
};

export default purchaseRoutes;
