import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fileKeyFor, type Config } from './config';
import type { Db } from './db/database';
import { createContext, type AppContext } from './context';
import { keptPayloadZlib } from './kernel/kept-payloads';
import { loggerOptions as apiLoggerOptions } from './kernel/logging';
import { validatorCompiler } from './kernel/query-string';
import { frameworkErrors, installErrorHandling } from './plugins/error-handling';
import {
  installAllowedHosts,
  installOwnCsp,
  LOCKED_DOWN_CSP,
  registerSecurityHeaders,
} from './plugins/headers';
import { installClientAddressCheck } from './plugins/client-address';
import { collectApiRoutes } from './plugins/method-not-allowed';
import { registerOpenApi } from './plugins/openapi';
import { installPasswordChangeRequirement } from './plugins/password-change';
import { rateLimitsFrom, registerRateLimit, type RateLimits } from './plugins/rate-limit';
import { installSecurityHooks } from './plugins/security';
import authRoutes from './modules/auth';
import shopsRoutes from './modules/shops';
import clientRoutes from './modules/clients';
import inventoryRoutes from './modules/inventory';
import catalogueRoutes from './modules/catalogue';
import financeRoutes from './modules/finance';
import auditRoutes from './modules/audit';
import { setClientKeyWrap } from './modules/audit/client-keys';
import documentsRoutes from './modules/documents';
import stockAnalyticsRoutes from './modules/stock-analytics';
import complianceRoutes from './modules/compliance';
import suspicionRoutes from './modules/compliance/suspicion-routes';
import summaryRoutes from './modules/compliance/summary-routes';
import sanctionsRoutes from './modules/compliance/sanctions-routes';
import retentionRoutes from './modules/compliance/retention-routes';
import riskRoutes from './modules/compliance/risk-routes';
import stockTakeRoutes from './modules/stock';
import salesRoutes from './modules/sales';
import purchasesRoutes from './modules/purchases';
import booksRoutes from './modules/books';
import searchRoutes from './modules/search';
import workshopRoutes from './modules/workshop';
import workshopMoneyRoutes from './modules/workshop/money-routes';
import mailRoutes from './modules/mail';
import workshopApprovalRoutes from './modules/workshop/approval-routes';
import wantsRoutes from './modules/wants';
import storefrontRoutes from './modules/storefront';
import enquiriesRoutes from './modules/enquiries';
import marketplaceRoutes from './modules/marketplace';
import { publicSite } from './public-site';
import { InMemoryState } from './kernel/in-memory-state';

export { loadConfig, type Config } from './config';
export { openDatabase, type LoupeDb } from './open-database';
export { scheduleDailyBackups } from './db/backup-schedule';
export { scheduleCheckpoints } from './db/audit-checkpoints';
export { scheduleMaintenance } from './db/maintenance';
export type { Db } from './db/database';
export {
  hostIsAllowed,
  installAllowedHosts,
  registerSecurityHeaders,
  LOCKED_DOWN_CSP,
  type CspDirectives,
} from './plugins/headers';
export { frameworkErrors } from './plugins/error-handling';
export { loggerOptions } from './kernel/logging';
export { publicSite, type PublicSiteOptions } from './public-site';
export {
  DemoPasswordInProductionError,
  refuseDemoPasswordsInProduction,
} from './modules/auth/demo-password-guard';

/** What the API compresses: JSON (incl. +json types) and text (CSV); never binary downloads. */
const API_COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream))/;

export interface LoupeApiOptions {
  db: Db;
  config: Config;
  /** The clock for sessions and throttling; tests move it instead of sleeping. */
  now?: () => Date;
  /** Request limits over the environment's (RATE_LIMIT_*_PER_MINUTE, config.ts); tests lower them. */
  rateLimit?: Partial<RateLimits>;
  /** Where what the API keeps in memory registers how to forget it (buildApp shares one with the public site). */
  memory?: InMemoryState;
}

/**
 * The whole API as one encapsulated plugin (deliberately not fastify-plugin-wrapped): its hooks, parsers and
 * error handler stay inside, so a host can mount it with `{ prefix: '/api' }` next to its own routes.
 */
export const loupeApi: FastifyPluginAsync<LoupeApiOptions> = async (instance, options) => {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = createContext(
    options.db,
    options.config,
    options.now ?? (() => new Date()),
    options.memory ?? new InMemoryState(),
  );
  // The audit trail's per-client keys are wrapped by the file key (issue 25 item 3, audit/client-keys.ts).
  setClientKeyWrap(options.config.fileKey ? fileKeyFor(options.config.fileKey) : null);
  // The session cache's listening connection ends with the app (the database may outlive it: tests, hosts).
  fastify.addHook('onClose', async () => ctx.sessions.close());

  // The host's validator may coerce types and drop unknown fields (Fastify's defaults); this API's own
  // compiler rejects them instead, wherever it is mounted.
  fastify.setValidatorCompiler(validatorCompiler());
  // The host's headers are its own (the shell's page policy lets scripts load): a JSON API loads nothing.
  installOwnCsp(fastify, LOCKED_DOWN_CSP);
  // A host that already parses cookies (the shell) keeps its own parser; otherwise this context gets one.
  if (!fastify.hasRequestDecorator('cookies')) await fastify.register(fastifyCookie);
  installErrorHandling(fastify);
  // Every address-keyed rule below (the rate limit, sign-in throttling, sessions) needs a real address.
  installClientAddressCheck(fastify);
  // The API routes as they are declared, for the 405 a path answers to the methods it does not have.
  const methodNotAllowed = collectApiRoutes(fastify);
  // The first limit of this context: a flood is refused before any session is looked up. The per-session
  // limit is charged by the session check, once the session is known.
  const sessionRateLimit = await registerRateLimit(
    fastify,
    { ...rateLimitsFrom(options.config.rateLimit), ...options.rateLimit },
    ctx.memory,
    methodNotAllowed.apiPathAuth,
  );
  // Before any route (it attaches per route): JSON and text answers of 1 KB or more (lists, reports, CSV) go
  // out brotli/gzip-compressed. Stored files (KYC papers, item images: PDF, JPEG, PNG…) are no such type and
  // stream as stored, with their length. Request bodies are never inflated: no client sends them compressed,
  // and inflating would let a small body grow past the body limits.
  // Answers already in memory up to 64 KB (a page of 25 items is about 18 KB) are compressed in one call on the
  // event loop; the plugin's default on 2 cores (8 KB) sent them through a brotli stream each, and that
  // stream's context, its threadpool hop and its chunked writes were about a third of the API's time on a
  // stock page (issue 26's CPU profile). Brotli at quality 2, not the plugin's 4: a page of 25 compresses in
  // ~30 µs instead of ~55 µs to 1.8 KB instead of 1.75 KB (compression was 11% of the API's time on it).
  await fastify.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
    customTypes: API_COMPRESSIBLE,
    globalDecompression: false,
    // An answer sent again byte for byte (a kept stock page) is compressed once (kernel/kept-payloads.ts).
    zlib: keptPayloadZlib,
  });
  const sessionCheck = installSecurityHooks(fastify, ctx, sessionRateLimit);
  installPasswordChangeRequirement(fastify);
  await registerOpenApi(fastify, ctx);

  // One plugin per domain module, mirroring the remotes. Each is typed with its own context (the repositories
  // it names); the app's context, every repository in one bag, satisfies them all.
  const domains: ReadonlyArray<FastifyPluginAsyncTypebox<{ ctx: AppContext }>> = [
    authRoutes,
    shopsRoutes,
    clientRoutes,
    inventoryRoutes,
    catalogueRoutes,
    financeRoutes,
    auditRoutes,
    documentsRoutes,
    stockAnalyticsRoutes,
    complianceRoutes,
    suspicionRoutes,
    summaryRoutes,
    sanctionsRoutes,
    retentionRoutes,
    riskRoutes,
    stockTakeRoutes,
    salesRoutes,
    purchasesRoutes,
    booksRoutes,
    searchRoutes,
    workshopRoutes,
    workshopMoneyRoutes,
    mailRoutes,
    workshopApprovalRoutes,
    wantsRoutes,
    storefrontRoutes,
    enquiriesRoutes,
    marketplaceRoutes,
  ];
  for (const domain of domains) {
    await fastify.register(domain, { ctx });
  }
  methodNotAllowed.answer(sessionCheck);
};

export interface BuildAppOptions extends Omit<LoupeApiOptions, 'memory'> {
  logger?: boolean | FastifyServerOptions['logger'] | FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the app keeps in memory about its database (kernel/in-memory-state.ts), to forget when that database
     * is replaced wholesale under it: the server's tests, between tests.
     */
    inMemoryState: InMemoryState;
  }
}

/**
 * Fastify's form of TRUST_PROXY. A hop count becomes "the nearest N peers", as proxy-addr always meant it:
 * Fastify 5 treats a bare number as trusting nobody, which would silently ignore the configured proxy.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The API alone, at the root: what server.ts listens with and what the tests inject into. */
export async function buildApp({
  db,
  config,
  logger,
  now,
  rateLimit,
}: BuildAppOptions): Promise<FastifyInstance> {
  const loggerOptions = logger === undefined ? apiLoggerOptions(config.logLevel) : logger;
  const app = Fastify({
    ...(loggerOptions !== null && typeof loggerOptions === 'object' && 'child' in loggerOptions
      ? { loggerInstance: loggerOptions as FastifyBaseLogger }
      : { logger: loggerOptions as FastifyServerOptions['logger'] }),
    trustProxy: trustProxyOption(config.trustProxy),
    // A URL Fastify cannot route is answered in the API's shape, with its headers.
    frameworkErrors,
  });
  // Headers first, so that even a refused Host gets them; both at the root, so 404s are covered too.
  await registerSecurityHeaders(app, { csp: LOCKED_DOWN_CSP });
  installAllowedHosts(app, config.allowedHosts);
  const memory = new InMemoryState();
  app.decorate('inMemoryState', memory);
  await app.register(loupeApi, { db, config, now, rateLimit, memory });
  // The storefront, feeds and enquiry form (issue 24), under /store at the root: public, no session.
  await app.register(publicSite, { db, config, now, memory });
  return app;
}
