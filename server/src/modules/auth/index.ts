import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AuthContext } from './deps';
import authCheckRoute from './routes/auth-check';
import changePasswordRoute from './routes/change-password';
import csrfRoute from './routes/csrf';
import logoutRoute from './routes/logout';
import profileRoutes from './routes/profile';
import sessionShopRoutes from './routes/session-shop';
import sessionsRoutes from './routes/sessions';
import tokenRoute from './routes/token';

/**
 * Signing in and out, the session check and its active shop, CSRF, the caller's own profile, password and
 * sessions.
 */
const authRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify, { ctx }) => {
  for (const route of [
    csrfRoute,
    authCheckRoute,
    tokenRoute,
    logoutRoute,
    profileRoutes,
    changePasswordRoute,
    sessionShopRoutes,
    sessionsRoutes,
  ]) {
    await fastify.register(route, { ctx });
  }
};

export default authRoutes;

export { AccountValidationError } from './accounts';
export { UsersRepository } from './users-repository';
export type { AuthContext, AuthRepos } from './deps';
export type { Caller } from './sessions';
export { clearSessionCookie, isSecure } from './cookies';
export {
  CSRF_SECRET_LENGTH,
  REASON_BAD_ORIGIN,
  REASON_BAD_REFERER,
  REASON_CSRF_TOKEN_INCORRECT,
  REASON_CSRF_TOKEN_MISSING,
  REASON_INSECURE_REFERER,
  REASON_MALFORMED_REFERER,
  REASON_NO_CSRF_COOKIE,
  REASON_NO_REFERER,
  isWellFormedSecret,
  originIsTrusted,
  tokenMatchesSecret,
} from './csrf';
