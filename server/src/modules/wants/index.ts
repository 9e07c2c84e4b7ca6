import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WantsContext } from './deps';
// The matcher joins inventory's onItemChanged listeners as this module loads (matching.ts).
import './matching';
import wantRoutes from './routes';

/**
 * The wants module (issue 24 item 5): clients' wanted lists (client_wants) and their matches with stock
 * (want_matches), matched after every new item and price change commits (inventory's onItemChanged) and when a
 * want is saved, with the contracts' rule (wantMisses); the prepared e-mail of a match, sent through the mail
 * module and recorded on the client's history (the audit trail).
 */
const wantsRoutes: FastifyPluginAsyncTypebox<{ ctx: WantsContext }> = async (fastify, { ctx }) => {
  await fastify.register(wantRoutes, { ctx });
};

export default wantsRoutes;
export { matchItem, matchWant } from './matching';
export { WantsRepository } from './wants-repository';
// A client's wanted list in the UK GDPR programme (compliance's subject access export and erasure).
export {
  clientWantsRecords,
  eraseClientWants,
  type ClientWantsRecords,
  type ErasedWants,
} from './personal-data';
export { WantsService } from './wants-service';
export type { WantsContext, WantsRepos } from './deps';
