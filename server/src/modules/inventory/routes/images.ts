import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ITEM_IMAGE_MAX_BYTES, endpoints } from '@loupe/contracts';
import { inlineImageDisposition } from '../../../kernel/file-types';
import { notFound } from '../../../kernel/http-errors';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import type { InventoryRouteOptions } from '../route-options';

const TAGS = ['inventory'];

const imageRoutes: FastifyPluginAsyncTypebox<InventoryRouteOptions> = async (fastify, { ctx, service }) => {
  // Only this plugin's routes read multipart bodies.
  await service.imageFiles.acceptUploads(fastify);

  fastify.route({
    ...staffRoute(endpoints.items.addImage, TAGS, {
      summary: 'Adds an image to an item (multipart field "file"; any image format recognised by content)',
      consumes: ['multipart/form-data'],
      response: { 409: Detail },
    }),
    // Busboy enforces the real cap per file; this only bounds the whole request around it.
    bodyLimit: ITEM_IMAGE_MAX_BYTES + 64 * 1024,
    handler: async (request, reply) => {
      const image = await service.addImage(shopCaller(request), pathId(request.params.id), request);
      return reply.code(201).send(image);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.image, TAGS, {
      summary: 'The bytes of an item image (staff of the shop only)',
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const itemId = pathId(request.params.id);
      const image = await ctx.repos.items.findImage(shopId, itemId, pathId(request.params.imageId));
      if (!image) throw notFound();
      return service.imageFiles.send(reply, image, {
        // The uploaded name stays in the item's list; the answer is named by what its bytes are.
        'content-disposition': inlineImageDisposition(`item-${itemId}-image-${image.id}`, image.contentType),
        'cache-control': 'private, max-age=3600',
      });
    },
  });

  fastify.route({
    ...staffRoute(endpoints.items.deleteImage, TAGS, {
      summary: 'Removes an item image',
    }),
    handler: async (request, reply) => {
      await service.deleteImage(
        shopCaller(request),
        pathId(request.params.id),
        pathId(request.params.imageId),
      );
      return reply.code(204).send(null);
    },
  });
};

export default imageRoutes;
