/*
 * WORKSHOP API (issue 23, items 1 and 2) — repair and service jobs. Schemas: contracts/src/workshop.ts, paths:
 * `endpoints.workshop`, stages and rules: contracts/src/workshop-messages.ts. Every route needs a signed-in
 * member of the shop (any role: the counter takes pieces in and moves them); another shop's job is a 404.
 *
 *   GET  /api/workshop/jobs/?stage=a,b&rush&overdue&q&supplier&page&page_size → { results: JobSummary[], count }
 *   POST /api/workshop/jobs/  JobInput → 201 JobDetail (JOB-000001…, stage 'received'); 400 field errors
 *   GET  /api/workshop/jobs/{id}/ → JobDetail (estimate, photos, stage history, nextStages)
 *   PUT  /api/workshop/jobs/{id}/  { promisedDate?, rush? } → JobDetail
 *   POST /api/workshop/jobs/{id}/stage/  StageMoveInput → JobDetail; 409 { detail } = workshopMoveProblem's words
 *   PUT  /api/workshop/jobs/{id}/estimate/  { lines: [{ kind, description, amount }], depositRequested? }
 *        → JobDetail; 409 when the estimate is fixed (estimateEditProblem)
 *   POST /api/workshop/jobs/{id}/photos/  multipart "file" (JPEG, PNG, WebP; 10 MB) → 201 JobDetail
 *   GET  /api/workshop/jobs/{id}/photos/{photoId}/ → the image (inline)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ITEM_IMAGE_MAX_BYTES, endpoints } from '@loupe/contracts';
import { inlineImageDisposition } from '../../kernel/file-types';
import { notFound } from '../../kernel/http-errors';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { WorkshopContext } from './deps';
import { WorkshopService } from './workshop-service';

const TAGS = ['workshop'];

/** The photo upload, in a context of its own: only it reads multipart bodies. */
const photoUploadRoutes: FastifyPluginAsyncTypebox<{ service: WorkshopService }> = async (
  fastify,
  { service },
) => {
  await service.photoFiles.acceptUploads(fastify);
  fastify.route({
    ...staffRoute(endpoints.workshop.uploadPhoto, TAGS, {
      summary: 'Adds a condition photo to a job (multipart field "file"; JPEG, PNG or WebP)',
      consumes: ['multipart/form-data'],
      response: { 409: Detail },
    }),
    bodyLimit: ITEM_IMAGE_MAX_BYTES + 64 * 1024,
    handler: async (request, reply) =>
      reply.code(201).send(await service.addPhoto(shopCaller(request), pathId(request.params.id), request)),
  });
};

const workshopRoutes: FastifyPluginAsyncTypebox<{ ctx: WorkshopContext }> = async (fastify, { ctx }) => {
  const service = new WorkshopService(ctx);
  const conflict = { response: { 409: Detail } };

  fastify.route({
    ...staffRoute(endpoints.workshop.list, TAGS, {
      summary:
        'Lists workshop jobs: open ones first (rush, then promised date); by stage, rush, overdue, supplier, text',
    }),
    handler: async (request) => service.list(shopCaller(request), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.workshop.create, TAGS, {
      summary: 'Takes a piece in for repair or service: the next job number, stage "received"',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(shopCaller(request), request.body)),
  });

  fastify.route({
    ...staffRoute(endpoints.workshop.detail, TAGS, {
      summary: 'One job: intake, estimate, photos, stage history and the stages it may move to',
    }),
    handler: async (request) => service.detail(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.workshop.update, TAGS, { summary: "Changes a job's promised date or rush flag" }),
    handler: async (request) => service.update(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.workshop.moveStage, TAGS, {
      summary: 'Moves a job to another stage, by the rules the board uses (409 with the reason otherwise)',
      ...conflict,
    }),
    handler: async (request) =>
      service.move(shopCaller(request), pathId(request.params.id), request.body, request.log),
  });

  fastify.route({
    ...staffRoute(endpoints.workshop.setEstimate, TAGS, {
      summary: "Replaces a job's estimate lines (labour and parts, VAT included at the standard rate)",
      ...conflict,
    }),
    handler: async (request) =>
      service.setEstimate(shopCaller(request), pathId(request.params.id), request.body),
  });

  await fastify.register(photoUploadRoutes, { service });

  fastify.route({
    ...staffRoute(endpoints.workshop.photo, TAGS, { summary: "The bytes of a job's condition photo" }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const jobId = pathId(request.params.id);
      const photo = await ctx.repos.workshop.photo(shopId, jobId, pathId(request.params.photoId));
      if (!photo) throw notFound();
      return service.photoFiles.send(reply, photo, {
        'content-disposition': inlineImageDisposition(`job-${jobId}-photo-${photo.id}`, photo.contentType),
        'cache-control': 'private, max-age=3600',
      });
    },
  });
};

export default workshopRoutes;
