import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import clientRoutes from './routes/clients';
import kycRoutes from './routes/kyc';
import ledgerRoutes from './routes/ledger';

/** The clients endpoints (service paths under /api/clients/): records, ledger, KYC documents, audit. */
const clientsRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  await fastify.register(clientRoutes, { ctx });
  await fastify.register(ledgerRoutes, { ctx });
  // Its own context: the multipart parser it registers stays out of the JSON routes.
  await fastify.register(kycRoutes, { ctx });
};

export default clientsRoutes;
