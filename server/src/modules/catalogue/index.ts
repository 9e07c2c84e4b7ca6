import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CatalogueContext } from './deps';
import catalogueRoutes from './routes';

/** The shop's catalogue of brands and models (issue 22, item 3). */
const catalogueModuleRoutes: FastifyPluginAsyncTypebox<{ ctx: CatalogueContext }> = async (
  fastify,
  { ctx },
) => {
  await fastify.register(catalogueRoutes, { ctx });
};

export default catalogueModuleRoutes;

export { CatalogueRepository } from './catalogue-repository';
export type { CatalogueContext, CatalogueRepos } from './deps';
