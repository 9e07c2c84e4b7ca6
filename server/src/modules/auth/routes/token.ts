import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_COOKIE, endpoints } from '@loupe/contracts';
import type { AuthContext } from '../deps';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../password-hasher';
import { sessionOrigin, toAuthCheck } from '../sessions';
import { ApiError, BLANK, fieldErrors } from '../../../kernel/http-errors';
import { rotateCsrfCookie, setSessionCookie } from '../cookies';
import { endpointRoute } from '../../../kernel/schemas';
import { recordFailedSignIn, recordSignIn } from '../account-events';

export const INVALID_CREDENTIALS = 'Unable to log in with provided credentials.';

const tokenRoute: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify, { ctx }) => {
  fastify.route({
    ...endpointRoute(
      endpoints.session.token,
      ['session'],
      { summary: 'Signs in: a new session (and a new CSRF token) on success' },
      'none',
    ),
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const blank: Record<string, string[]> = {};
      if (!username.trim()) blank.username = [BLANK];
      if (!password) blank.password = [BLANK];
      if (Object.keys(blank).length > 0) throw fieldErrors(blank);

      // Counted before the hash: a check that only saw finished failures let parallel guesses all through.
      const attempt = await ctx.throttle.attempt(username, request.ip);
      const user = await ctx.repos.users.findByUsername(username);
      let ok = false;
      // An unknown username costs one hash too and stays counted, like a wrong password.
      if (user) ok = (await verifyPassword(password, user.password_hash)) && user.is_active;
      else await burnPasswordCheck(password);
      if (!ok || !user) {
        // For the shop's owner (Activity): which account was tried, even a username nobody has.
        await recordFailedSignIn(ctx, username, user?.id ?? null);
        throw new ApiError(400, { detail: INVALID_CREDENTIALS });
      }

      await attempt.succeeded();
      // The one moment the password is known: an older or weaker hash becomes today's (sessions untouched).
      if (needsRehash(user.password_hash)) {
        await ctx.repos.users.upgradeHash(user.id, user.password_hash, await hashPassword(password));
      }
      // No session fixation: whatever session the browser brought is ended, and a new id is issued.
      await ctx.sessions.end(request.cookies[SESSION_COOKIE]);
      const key = await ctx.sessions.start(user.id, sessionOrigin(request));
      await ctx.repos.users.recordLogin(user.id, ctx.now());
      setSessionCookie(reply, request, ctx.config, key);
      rotateCsrfCookie(reply, request, ctx.config);
      const caller = await ctx.sessions.resolve(key);
      await recordSignIn(ctx, caller, user.id);
      return toAuthCheck(caller);
    },
  });
};

export default tokenRoute;
