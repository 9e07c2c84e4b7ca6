import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ClientsContext } from './deps';
import { ClientsService } from './clients-service';
import type { ClientsRouteOptions } from './route-options';
import checkoutRoutes from './routes/checkouts';
import clientRoutes from './routes/clients';
import kycRoutes from './routes/kyc';
import ledgerRoutes from './routes/ledger';
import ledgerVoidRoutes from './routes/ledger-voids';
import verificationRoutes from './routes/verification';

/** The clients endpoints (service paths under /api/clients/): records, ledger, KYC documents, audit. */
const clientsRoutes: FastifyPluginAsyncTypebox<{ ctx: ClientsContext }> = async (fastify, { ctx }) => {
  const options: ClientsRouteOptions = { ctx, service: new ClientsService(ctx) };
  await fastify.register(clientRoutes, options);
  await fastify.register(ledgerRoutes, options);
  await fastify.register(ledgerVoidRoutes, options);
  await fastify.register(checkoutRoutes, options);
  await fastify.register(verificationRoutes, options);
  // Its own context: the multipart parser it registers stays out of the JSON routes.
  await fastify.register(kycRoutes, options);
};

export default clientsRoutes;

export { INVALID_PHONE, isValidPhone } from './input';
export { ClientsService } from './clients-service';
export type { LedgerPosting, LedgerRepository } from './ledger-repository';
export type { ClientsContext, ClientsRepos } from './deps';
