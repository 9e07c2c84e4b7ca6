import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { DocumentsContext } from '../deps';
import { inlineImageDisposition } from '../../../kernel/file-types';
import { notFound } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { shopCaller } from '../../../kernel/shop-scope';
import { SettingsService } from '../settings-service';

const TAGS = ['documents'];

/** The shop's settings and logo: any member reads them (documents print them), platinum changes them. */
const settingsRoutes: FastifyPluginAsyncTypebox<{ ctx: DocumentsContext }> = async (fastify, { ctx }) => {
  const service = new SettingsService(ctx);
  // Only this plugin's routes read multipart bodies (the logo).
  await service.logoFiles.acceptUploads(fastify);

  fastify.route({
    ...staffRoute(endpoints.settings.get, TAGS, { summary: 'The shop\u2019s own details for its documents' }),
    handler: async (request) => service.get(shopCaller(request).shopId),
  });

  fastify.route({
    ...staffRoute(endpoints.settings.update, TAGS, {
      summary: 'Changes the shop\u2019s details (platinum only); omitted fields keep their value; audited',
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      const saved = await service.update(caller, request.body);
      // "Silver sees costs and profit" is part of every cached session working in the shop.
      await ctx.sessions.forgetShop(caller.shopId);
      return saved;
    },
  });

  fastify.route({
    ...staffRoute(endpoints.settings.uploadLogo, TAGS, {
      summary: 'Replaces the shop\u2019s logo (platinum only; multipart field "file"; PNG or JPEG, 1 MB)',
      consumes: ['multipart/form-data'],
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await service.uploadLogo(shopCaller(request), request)),
  });

  fastify.route({
    ...staffRoute(endpoints.settings.logo, TAGS, { summary: 'The shop\u2019s logo image' }),
    handler: async (request, reply) => {
      const logo = await ctx.repos.settings.logo(shopCaller(request).shopId);
      if (!logo) throw notFound();
      return service.logoFiles.send(reply, logo, {
        'content-disposition': inlineImageDisposition('logo', logo.contentType),
        'cache-control': 'private, no-cache',
      });
    },
  });

  fastify.route({
    ...staffRoute(endpoints.settings.deleteLogo, TAGS, {
      summary: 'Removes the shop\u2019s logo (platinum only); invoices issued with it print without it',
    }),
    handler: async (request) => service.deleteLogo(shopCaller(request)),
  });
};

export default settingsRoutes;
