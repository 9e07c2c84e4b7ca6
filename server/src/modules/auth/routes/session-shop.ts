import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_COOKIE, endpoints } from '@loupe/contracts';
import type { AuthContext } from '../deps';
import { fieldErrors, notAuthenticated } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { MAX_INT4 } from '../../../kernel/validation';
import { toAuthCheck, type Caller } from '../sessions';

/**
 * DRF's answer for a related id that does not resolve. A shop that exists but is not the caller's gets the same
 * answer as one that does not exist, so the endpoint cannot be used to probe which shops there are.
 */
const notYourShop = (shopId: number) =>
  fieldErrors({ shop: [`Invalid pk "${shopId}" - object does not exist.`] });

/** The session's active shop: which shop the caller works in, and whether they have seen a new membership. */
const sessionShopRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify, { ctx }) => {
  /** Marks the membership seen (and, for a switch, makes it the active shop) in one transaction. */
  const choose = async (caller: Caller, shopId: number, makeActive: boolean): Promise<void> => {
    if (shopId > MAX_INT4) throw notYourShop(shopId);
    // Checked against the database, not the cached session: a removal elsewhere must not be switched past.
    const ok = await ctx.transaction(async (repos) => {
      if (!(await repos.memberships.markSeen(caller.user.id, shopId, ctx.now()))) return false;
      if (makeActive) await repos.sessions.setActiveShop(caller.sessionKeyHash, shopId);
      return true;
    });
    if (!ok) throw notYourShop(shopId);
    // The notice is gone from every session of the user, not only this one.
    await ctx.sessions.forgetUser(caller.user.id);
  };

  for (const [endpoint, makeActive, summary] of [
    [
      endpoints.session.switchShop,
      true,
      'Makes one of the caller’s shops the session’s active shop (and the first shop of their next sign-in)',
    ],
    [
      endpoints.session.shopNoticeSeen,
      false,
      'The caller has seen the notice of a new membership: the shop is no longer marked new',
    ],
  ] as const) {
    fastify.route({
      ...staffRoute(endpoint, ['session'], { summary }),
      handler: async (request) => {
        if (!request.caller) throw notAuthenticated();
        await choose(request.caller, request.body.shop, makeActive);
        return toAuthCheck(await ctx.sessions.resolve(request.cookies[SESSION_COOKIE]));
      },
    });
  }
};

export default sessionShopRoutes;
