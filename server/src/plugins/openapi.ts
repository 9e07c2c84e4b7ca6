import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@loupe/contracts';

/** The OpenAPI description, generated from the contracts' schemas; browsable at /docs, raw at /docs/json. */
export async function registerOpenApi(fastify: FastifyInstance): Promise<void> {
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
