import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CDD_NOT_ALLOWED, endpoints, type Client } from '@loupe/contracts';
import { notFound } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { requireAction, shopCaller, type ShopCaller } from '../../../kernel/shop-scope';
import { ErrorBag, dateField, pathId } from '../../../kernel/validation';
import type { ClientsRouteOptions } from '../route-options';

const TAGS = ['clients', 'compliance'];

/** Due diligence is for platinum and gold; silver gets the 403 with its reason. */
function seniorCaller(request: Parameters<typeof shopCaller>[0]): ShopCaller {
  const caller = shopCaller(request);
  requireAction(caller, 'verifyClients', CDD_NOT_ALLOWED);
  return caller;
}

/** Customer due diligence (issue 13): the verification record of a client, kept on the client. */
const verificationRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx }) => {
  const { clients } = ctx.repos;

  /** Records or withdraws the verification, with its audit entry (History of the client). */
  async function setVerification(caller: ShopCaller, id: number, verifiedOn: string | null): Promise<Client> {
    const now = ctx.now();
    return ctx.transaction(async (repos) => {
      const before = await repos.clients.find(caller.shopId, id, true);
      if (!before) throw notFound();
      await repos.clients.setVerification(
        caller.shopId,
        id,
        verifiedOn === null ? null : caller.userId,
        verifiedOn,
        now,
      );
      const after = (await repos.clients.find(caller.shopId, id)) as Client;
      await repos.audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: 'client',
        entityId: id,
        action: verifiedOn === null ? 'unverify' : 'verify',
        before: { verifiedBy: before.cdd.verifiedBy, verifiedOn: before.cdd.verifiedOn },
        after: { verifiedBy: after.cdd.verifiedBy, verifiedOn: after.cdd.verifiedOn },
        at: now,
      });
      return after;
    });
  }

  fastify.route({
    ...staffRoute(endpoints.clients.verify, TAGS, {
      summary: 'Records that the caller verified the client\u2019s identity on a day (platinum and gold)',
    }),
    handler: async (request) => {
      const caller = seniorCaller(request);
      const id = pathId(request.params.id);
      if (!(await clients.find(caller.shopId, id))) throw notFound();
      const today = await clients.shopToday(caller.shopId, ctx.now());
      const bag = new ErrorBag();
      const day = dateField(bag, 'verifiedOn', request.body?.verifiedOn, today, { notAfter: today }) ?? today;
      bag.throwIfAny();
      return setVerification(caller, id, day);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.clients.unverify, TAGS, {
      summary: 'Withdraws the client\u2019s verification record (platinum and gold)',
    }),
    handler: async (request) => {
      const caller = seniorCaller(request);
      return setVerification(caller, pathId(request.params.id), null);
    },
  });
};

export default verificationRoutes;
