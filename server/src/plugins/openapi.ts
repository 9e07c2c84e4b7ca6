import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { can, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@loupe/contracts';
import type { AuthContext } from '../modules/auth';

/**
 * The OpenAPI description, generated from the contracts' schemas; browsable at /docs, raw at /docs/json.
 * It maps every endpoint and field of the API, so by default only the signed-in platinum member of their
 * active shop may read it (API_DOCS=public opens it to anyone); anyone else gets the same 404 as a path that
 * does not exist, which tells nothing about what is there.
 */
export async function registerOpenApi(
  fastify: FastifyInstance,
  ctx: Pick<AuthContext, 'config' | 'sessions'>,
): Promise<void> {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Loupe API',
        version: '0.1.0',
        description:
          `Session cookie \`${SESSION_COOKIE}\`; every non-GET call needs the \`${CSRF_COOKIE}\` cookie echoed in ` +
          `\`${CSRF_HEADER}\`. Errors follow DRF: \`{"detail": "..."}\` or \`{"field": ["..."]}\`.`,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          csrf: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
        },
      },
    },
  });
  // Its own context, so the check reaches every route Swagger UI declares (the page, its scripts, the JSON
  // and YAML) and nothing else.
  await fastify.register(async (docs) => {
    if (ctx.config.apiDocs !== 'public') {
      docs.addHook('onRequest', docsForPlatinum(ctx));
      // Who may read it depends on the cookie: no shared cache may keep it (static files included, whose
      // own header is set by then).
      docs.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
    }
    await registerSwaggerUi(docs);
  });
}

function docsForPlatinum(ctx: Pick<AuthContext, 'config' | 'sessions'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await ctx.sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (can(caller?.role, 'viewApiDocs') && !caller?.mustChangePassword) return;
    await reply.callNotFound();
    return reply;
  };
}

async function registerSwaggerUi(fastify: FastifyInstance): Promise<void> {
  await fastify.register(swaggerUi, {
    routePrefix: '/docs',
    // The API's own policy loads nothing; the docs page is Swagger UI's own scripts and inline styles.
    staticCSP: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  });
}
