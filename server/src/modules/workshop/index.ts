import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WorkshopContext } from './deps';
import documentRoutes from './document-routes';
import jobRoutes from './routes';

/**
 * The workshop module (issue 23, items 1 and 2): repair and service jobs from intake to collection — gap-free
 * job numbers per shop, the intake record with photos, the estimate, stage moves checked by the contracts'
 * workshopMoveProblem (the board's rule too). Its data is read elsewhere through workshop_jobs,
 * workshop_job_lines and workshop_job_events (tables.ts).
 *
 * For the other parts of the workshop:
 *  - getJobForDocuments(db, shopId, jobId) → { job: JobDetail, client (name, e-mail, phone, address lines) | null,
 *    shop (Shop Settings' names, address, VAT and company numbers) }: everything a PDF or an e-mail prints;
 *    404 when the shop has no such job.
 *  - moveJobStage(repos, { shopId, userId | null }, jobId, to, note?, at?) → JobStageChange: a checked, recorded,
 *    audited move inside the caller's transaction (the approval link: userId null; the money part's collection);
 *    then, after the commit, notifyJobStageChanged(ctx, [change]).
 *  - onJobStageChanged: the after-commit listeners of every move (push a JobStageListener at import time).
 */
const workshopRoutes: FastifyPluginAsyncTypebox<{ ctx: WorkshopContext }> = async (fastify, { ctx }) => {
  await fastify.register(jobRoutes, { ctx });
  // The papers (issue 23, item 3): intake receipt, estimate, bag label.
  await fastify.register(documentRoutes, { ctx });
};

export default workshopRoutes;
export {
  WorkshopService,
  getJobForDocuments,
  moveJobStage,
  notifyJobStageChanged,
  onJobStageChanged,
  vatWithin,
  type JobForDocuments,
  type JobStageChange,
  type JobStageHookContext,
  type JobStageListener,
} from './workshop-service';
export { WorkshopRepository, type JobShop } from './workshop-repository';
export type { WorkshopContext, WorkshopRepos } from './deps';
