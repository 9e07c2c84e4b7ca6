/*
 * THE PUBLIC SITE (issue 24): everything a member of the public reaches without signing in, under /store —
 * the storefront's pages, photos, sitemap and robots.txt (modules/storefront), the marketplace feeds
 * (modules/marketplace) and the enquiry form's POST (modules/enquiries). Mounted at the server's root next to
 * the API by buildApp (app.ts) and by the launcher's shell server (launcher/src/servers.cjs).
 *
 * Server-rendered HTML, no session, no cookie read or set, no script: nothing here can act for a member, so it
 * sits outside the API's session, CSRF and password-change hooks. What it keeps of the server's protections:
 * the Host check (ALLOWED_HOSTS) and the security headers registered at the root before it, and a
 * Content-Security-Policy of its own (kernel/public-page.ts: no script, this origin's styles and images, forms
 * posting only here, never framed). Unknown addresses and refused requests are answered as HTML pages.
 *
 * A public route plugin is registered in PUBLIC_ROUTES below (ONE line each) and is given `{ ctx }`: the
 * database, the configuration, the clock and every repository (the modules' own ModuleContext narrows it).
 * Its paths are RELATIVE TO /store: `/:slug/feeds/:channel/:file` serves /store/{slug}/feeds/….
 */
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Db } from './db/database';
import type { ModuleContext } from './kernel/context';
import {
  addPublicStyle,
  escapeHtml,
  publicPage,
  publicStylesheet,
  PUBLIC_PAGE_CSP,
} from './kernel/public-page';
import { installOwnCsp } from './plugins/headers';
import { InMemoryState } from './kernel/in-memory-state';
import { createRepositories, type Repositories } from './repositories';
import storefrontPages from './modules/storefront/public-routes';
import { STORE_PREFIX } from './modules/storefront/urls';
import { feedRoutes } from './modules/marketplace';
import { ENQUIRY_FORM_STYLE, enquiryPublicRoutes } from './modules/enquiries';

export interface PublicSiteOptions {
  db: Db;
  config: Config;
  /** The clock; tests move it. */
  now?: () => Date;
  /** Where what the site keeps in memory registers how to forget it (buildApp shares one with the API). */
  memory?: InMemoryState;
}

// The enquiry form's rules join the one style sheet (its hash is taken when the site is first set up).
addPublicStyle(ENQUIRY_FORM_STYLE);

/** What a public route plugin is given: the modules' context on the whole bag of repositories. */
export type PublicSiteContext = ModuleContext<Repositories>;

/** The public route plugins, each with paths relative to /store. */
const PUBLIC_ROUTES: ReadonlyArray<FastifyPluginAsyncTypebox<{ ctx: PublicSiteContext }>> = [
  // The storefront's pages, photos, sitemap and robots.txt (issue 24 item 1).
  storefrontPages,
  // The feeds (modules/marketplace) and the enquiry POST (modules/enquiries): one line each.
  feedRoutes,
  enquiryPublicRoutes,
];

/** An HTML answer with a status, for the pages that say something went wrong. */
export function publicErrorPage(reply: FastifyReply, status: number, heading: string, text: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      publicPage({
        title: heading,
        shopName: '',
        noindex: true,
        body: `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>`,
      }),
    );
}

const NOT_FOUND = [
  'Page not found',
  'There is nothing at this address. The item may have been sold.',
] as const;

const site: FastifyPluginAsync<PublicSiteOptions> = async (instance, options) => {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>();
  const now = options.now ?? (() => new Date());
  const repos = createRepositories(options.db, now);
  const ctx: PublicSiteContext = {
    db: options.db,
    config: options.config,
    now,
    repos,
    transaction: (work) => options.db.transaction((tx) => work(createRepositories(tx, now))),
    memory: options.memory ?? new InMemoryState(),
  };

  installOwnCsp(fastify, PUBLIC_PAGE_CSP);
  // Pages, sitemaps and feeds of 1 KB or more go out brotli/gzip-compressed (the API's settings, app.ts);
  // photos are already compressed images and are left alone.
  await fastify.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    customTypes: /^(?:text\/|application\/(?:xml|rss\+xml|ld\+json))/,
    globalDecompression: false,
  });

  const stylesheet = publicStylesheet();
  fastify.get(stylesheet.path.slice(STORE_PREFIX.length), (request, reply) => {
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', stylesheet.etag)
      .type('text/css; charset=utf-8');
    if (request.headers['if-none-match'] === stylesheet.etag) return reply.code(304).send();
    return reply.send(stylesheet.body);
  });

  fastify.setNotFoundHandler((_request, reply) => publicErrorPage(reply, 404, ...NOT_FOUND));
  // The API's catch-all (GET /*, plugins/error-handling.ts) would answer /store's unknown addresses in JSON;
  // this one is more specific (/store/*), so they get the page.
  fastify.get('/*', { schema: { hide: true } }, (_request, reply) =>
    publicErrorPage(reply, 404, ...NOT_FOUND),
  );
  fastify.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'public page failed');
      return publicErrorPage(reply, 500, 'Something went wrong', 'Please try again in a moment.');
    }
    if (status === 404) return publicErrorPage(reply, 404, ...NOT_FOUND);
    return publicErrorPage(reply, status, 'Bad request', 'This address or form could not be read.');
  });

  for (const routes of PUBLIC_ROUTES) await fastify.register(routes, { ctx });
};

/** The public site, mounted at the server's root (its routes are all under /store). */
export const publicSite: FastifyPluginAsync<PublicSiteOptions> = async (fastify, options) => {
  await fastify.register(site, { ...options, prefix: STORE_PREFIX });
};
