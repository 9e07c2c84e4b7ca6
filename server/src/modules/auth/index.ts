import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
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
const authRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
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
