import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import { VoidBody } from '../../../kernel/reversals';
import { LedgerVoidsService } from '../ledger-voids-service';
import type { ClientsRouteOptions } from '../route-options';

const TAGS = ['clients'];

/** Voiding a ledger payment or charge (issue 12). */
const ledgerVoidRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx }) => {
  const voids = new LedgerVoidsService(ctx);
  fastify.route({
    ...staffRoute(endpoints.clients.voidLedgerEntry, TAGS, {
      summary:
        'Voids a payment or charge by a reversal entry dated today, with a reason; the balance is restored (platinum and gold)',
      body: VoidBody,
      response: { 409: Detail },
    }),
    handler: async (request) =>
      voids.void(
        shopCaller(request),
        pathId(request.params.id),
        pathId(request.params.entryId),
        request.body,
      ),
  });
};

export default ledgerVoidRoutes;
