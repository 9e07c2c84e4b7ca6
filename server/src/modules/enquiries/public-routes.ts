/*
 * THE ENQUIRY FORM'S POST (issue 24 item 2): public, outside any session, under the public site (public-site.ts,
 * paths relative to /store).
 *
 *   POST /store/{slug}/items/{itemId}/enquiry  (application/x-www-form-urlencoded: name, email, phone, message,
 *        consent=yes, the time trap `started`, the honeypot `website`)
 *        → 303 to …/enquiry/sent: the enquiry kept (status new) for the staff's list and dashboard.
 *        → 400 the form again, with what was typed (escaped) and each error beside its field; nothing kept.
 *          Also for a time trap posted within ENQUIRY_MIN_SECONDS of the page loading, one older than
 *          ENQUIRY_MAX_AGE_HOURS, or one this server did not sign for this item (time-trap.ts).
 *        → 429 a page saying so, when this address has posted ENQUIRIES_PER_HOUR enquiries within the hour
 *          (config.ts), counted before anything is read, in the rate-limit plugin's store (plugins/rate-limit.ts).
 *        → 404 a page, when the storefront is unknown or closed or the item is not one of its shop's.
 *   GET  /store/{slug}/items/{itemId}/enquiry/sent → 200 the thank-you page.
 *
 * Spam, without any third party: the honeypot (a field people never see, form.ts) filled in → the same 303 and
 * thank-you page as an accepted post, and nothing stored, so a bot learns nothing; the signed time trap; the
 * per-address limit. A person's address is used for that count only and never stored (migration 041).
 *
 * Which items may be asked about: the storefront must be open and the item its shop's. An item that left the
 * storefront after the page was loaded (sold, reserved, in the workshop) is still asked about: the signed time
 * trap proves the form was served for this very item within the day, i.e. that the item was on the storefront
 * then (the form is drawn only on its page), and the person's question deserves an answer ("it has just sold,
 * but we have a similar one"); the staff see the item is no longer online (onOfferWhenAsked). A post naming an
 * item whose page was never served cannot carry a valid time trap, so nothing can be asked about an item that
 * was never listed.
 *
 * CSRF: not checked, on purpose, as on the workshop's approval page (workshop/approval-routes.ts). CSRF abuses
 * the credentials a browser sends by itself (cookies); this form involves none — the public site reads and sets
 * no cookie, and the post can do nothing a forging site could not do by posting itself. What a forged post
 * could do, add an enquiry, is what the spam defences above bound.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ENQUIRY_FORM_ERRORS } from '@loupe/contracts';
import { Limiter, addressKey } from '../../kernel/limiter';
import type { EnquiriesPublicContext } from './deps';
import { HONEYPOT_FIELD, TIME_TRAP_FIELD } from './form';
import { formErrors, formValues, type PostedForm } from './input';
import { formPage, refusalPage, thanksPage, thanksPathOf } from './pages';
import { judgeTimeTrap } from './time-trap';

const HOUR_MS = 3600_000;
/** The form's body: four short fields and a message of at most 4,000 characters, percent-encoded. */
const BODY_LIMIT = 64 * 1024;
const ITEM_ID = /^[1-9]\d{0,9}$/;

const NOT_FOUND = [
  'Page not found',
  'There is nothing at this address. The item may have been sold, or the shop has closed its online listing.',
] as const;
const TOO_MANY = [
  'Too many enquiries',
  'You have sent several enquiries in a short time. Please try again later, or telephone the shop.',
] as const;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(body);
}

const enquiryPublicRoutes: FastifyPluginAsyncTypebox<{ ctx: EnquiriesPublicContext }> = async (
  fastify,
  { ctx },
) => {
  const perAddress = new Limiter(ctx.config.enquiriesPerHour, HOUR_MS);
  ctx.memory.register('enquiries per address', { forget: () => perAddress.forget() });

  // The form's body, for these routes only.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const itemOf = (request: FastifyRequest<{ Params: { itemId: string } }>) =>
    ITEM_ID.test(request.params.itemId) ? Number(request.params.itemId) : null;

  fastify.post<{ Params: { slug: string; itemId: string }; Body: unknown }>('/:slug/items/:itemId/enquiry', {
    schema: { hide: true },
    handler: async (request, reply) => {
      // Counted first, before the database is asked anything.
      const { current, ttl } = perAddress.count(addressKey(request.ip));
      if (current > perAddress.max) {
        reply.header('retry-after', Math.max(1, Math.ceil(ttl / 1000)));
        return html(reply, 429, refusalPage(...TOO_MANY));
      }
      const itemId = itemOf(request);
      const target =
        itemId === null ? null : await ctx.repos.enquiries.publicTarget(request.params.slug, itemId);
      if (!target) return html(reply, 404, refusalPage(...NOT_FOUND));
      const { slug, shopName } = target;
      const body = (
        typeof request.body === 'object' && request.body !== null ? request.body : {}
      ) as PostedForm;

      // A bot filled the field people never see: answered as if accepted, nothing kept.
      if ((body[HONEYPOT_FIELD] ?? '').trim() !== '') {
        request.log.info({ shopId: target.shopId }, 'enquiry honeypot filled: not kept');
        return reply.code(303).header('location', thanksPathOf(slug, target.itemId)).send();
      }

      const now = ctx.now();
      const values = formValues(body);
      const again = (notice?: string, errors = formErrors(values)) =>
        html(
          reply,
          400,
          formPage({
            config: ctx.config,
            slug,
            itemId: target.itemId,
            itemTitle: target.itemTitle,
            shopName,
            now,
            values,
            errors,
            notice,
          }),
        );

      const trap = judgeTimeTrap(
        ctx.config,
        { slug, itemId: target.itemId },
        body[TIME_TRAP_FIELD] ?? '',
        now,
      );
      if (trap !== 'ok') {
        request.log.info({ shopId: target.shopId, trap }, 'enquiry time trap: not kept');
        return again(trap === 'expired' ? ENQUIRY_FORM_ERRORS.expired : ENQUIRY_FORM_ERRORS.tooFast, {});
      }
      const errors = formErrors(values);
      if (Object.keys(errors).length > 0) return again(undefined, errors);

      await ctx.repos.enquiries.insert({
        shopId: target.shopId,
        itemId: target.itemId,
        onOffer: target.onOffer,
        name: values.name,
        email: values.email,
        phone: values.phone,
        message: values.message,
        at: now,
      });
      // The shop's enquiries past their retention go as a new one arrives (migration 041).
      await ctx.repos.enquiries.purgeExpired(target.shopId, now);
      return reply.code(303).header('location', thanksPathOf(slug, target.itemId)).send();
    },
  });

  fastify.get<{ Params: { slug: string; itemId: string } }>('/:slug/items/:itemId/enquiry/sent', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const itemId = itemOf(request);
      const target =
        itemId === null ? null : await ctx.repos.enquiries.publicTarget(request.params.slug, itemId);
      if (!target) return html(reply, 404, refusalPage(...NOT_FOUND));
      return html(reply, 200, thanksPage(target.slug, target.itemId, target.itemTitle, target.shopName));
    },
  });
};

export default enquiryPublicRoutes;
