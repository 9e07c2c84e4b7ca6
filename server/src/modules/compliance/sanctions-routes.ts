import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SANCTIONS_ALREADY_DECIDED, SANCTIONS_OFFICER_ONLY, endpoints } from '@loupe/contracts';
import { Detail, staffRoute } from '../../kernel/schemas';
import { permissionDenied } from '../../kernel/http-errors';
import { shopCaller, type ShopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import { isNominatedOfficer } from './nominated-officer';
import type { SanctionsContext } from './sanctions-deps';
import { decideMatch } from './sanctions-service';

const TAGS = ['compliance'];

/**
 * The nominated officer's review of sanctions screening (issue 25 item 2): the possible matches with the
 * listed person's names, regime and date of birth, the decisions, and the last import. Only the nominated
 * officer (MLR 2017 reg. 21(3)) sees or decides them; anyone else gets the 403 with its reason, read from the
 * database on every request (being stood down takes effect at once).
 */
const sanctionsRoutes: FastifyPluginAsyncTypebox<{ ctx: SanctionsContext }> = async (fastify, { ctx }) => {
  async function officer(request: Parameters<typeof shopCaller>[0]): Promise<ShopCaller> {
    const caller = shopCaller(request);
    if (!(await isNominatedOfficer(ctx.db, caller.shopId, caller.userId)))
      throw permissionDenied(SANCTIONS_OFFICER_ONLY);
    return caller;
  }

  fastify.route({
    ...staffRoute(endpoints.sanctions.review, TAGS, {
      summary:
        'Sanctions screening: the last import, open possible matches and decisions (nominated officer)',
    }),
    handler: async (request, reply) => {
      const { shopId } = await officer(request);
      const { sanctions } = ctx.repos;
      const last = await sanctions.lastImport();
      const strip = <T extends { shopId: number }>({ shopId: _s, ...rest }: T) => rest;
      reply.header('cache-control', 'private, no-store');
      return {
        lastImport: last === null ? null : (({ id: _id, ...info }) => info)(last),
        open: (await sanctions.open(shopId)).map(strip),
        decided: (await sanctions.decided(shopId)).map(strip),
      };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.sanctions.decide, TAGS, {
      summary: 'Clear (false positive) or confirm (true match) a possible sanctions match; audited',
      description: `409 "${SANCTIONS_ALREADY_DECIDED}" when the match was decided already.`,
      response: { 409: Detail },
    }),
    handler: async (request) => {
      const caller = await officer(request);
      const id = pathId(request.params.id);
      return ctx.transaction((repos) => decideMatch(repos, caller, id, request.body, ctx.now()));
    },
  });
};

export default sanctionsRoutes;
