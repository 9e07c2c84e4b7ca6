import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { endpoints, type Endpoint } from '@loupe/contracts';
import { ApiError } from '../kernel/http-errors';

export const MUST_CHANGE_PASSWORD = 'You must change your password before you continue.';

/**
 * What a user whose password must still be changed may reach: seeing who they are, signing in and out, their
 * profile, the change itself, and their own sessions (ending one that is not theirs must not wait).
 */
const REACHABLE: readonly Endpoint[] = [
  endpoints.session.authCheck,
  endpoints.session.csrf,
  endpoints.session.token,
  endpoints.session.logout,
  endpoints.profile.me,
  endpoints.profile.changePassword,
  ...Object.values(endpoints.sessions),
];

/** A route's pattern as the endpoint map writes it: `:id` without the regular expression a route adds. */
const patternOf = (routePath: string) => routePath.replace(/:(\w+)\([^)]*\)/g, ':$1');
const keyOf = (method: string, path: string) => `${method === 'HEAD' ? 'GET' : method} ${path}`;
const REACHABLE_KEYS = new Set(REACHABLE.map((endpoint) => keyOf(endpoint.method, endpoint.path)));

/** Synchronous: an async hook costs a promise and a microtask on every request (issue 26 profile). */
export function requirePasswordChanged(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (request.caller?.mustChangePassword) throw new ApiError(403, { detail: MUST_CHANGE_PASSWORD });
  done();
}

/**
 * An account created with a password someone else chose (`user:create --must-change-password`) signs in
 * normally, then every other API route answers 403 until the password is changed. Attached to each API route
 * after the session check (installSecurityHooks), so the caller is known when it runs; the routes of this
 * context declared later (405 answers included) get it too.
 */
export function installPasswordChangeRequirement(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (route.config?.auth === undefined) return;
    if (!passwordChangeGuards([route.method].flat(), route.routePath)) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), requirePasswordChanged];
  });
}

/** Whether an API route with these methods at this path (without its prefix) waits for the password change. */
export function passwordChangeGuards(methods: readonly string[], routePath: string): boolean {
  return !methods.every((method) => REACHABLE_KEYS.has(keyOf(method, patternOf(routePath))));
}
