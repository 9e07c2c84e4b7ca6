import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import authCheckRoute from './routes/auth-check';
import changePasswordRoute from './routes/change-password';
import csrfRoute from './routes/csrf';
import logoutRoute from './routes/logout';
import profileRoutes from './routes/profile';
import tokenRoute from './routes/token';

/** Signing in and out, the session check, CSRF, the caller's own profile and password. */
const authRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  for (const route of [
    csrfRoute,
    authCheckRoute,
    tokenRoute,
    logoutRoute,
    profileRoutes,
    changePasswordRoute,
  ]) {
    await fastify.register(route, { ctx });
  }
};

export default authRoutes;
