import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type SessionInfo } from '@loupe/contracts';
import type { AuthContext } from '../deps';
import { ApiError, notAuthenticated, notFound } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { deviceName } from '../device-name';

export function signedOutDetail(count: number): string {
  if (count === 0) return 'No other sessions were signed in.';
  return `Signed out ${count} other ${count === 1 ? 'session' : 'sessions'}.`;
}

/** "Your sessions": the caller's own signed-in browsers, and signing them out. */
const sessionsRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify, { ctx }) => {
  fastify.route({
    ...staffRoute(endpoints.sessions.list, ['session'], {
      summary: 'The caller’s signed-in sessions (device, address, last seen), most recently used first',
    }),
    handler: async (request) => {
      const caller = request.caller;
      if (!caller) throw notAuthenticated();
      const results: SessionInfo[] = (await ctx.sessions.listLive(caller.user.id)).map((session) => ({
        id: session.public_id,
        device: deviceName(session.user_agent),
        ip_address: session.ip_address,
        created_at: new Date(session.created_at).toISOString(),
        last_seen_at: new Date(session.last_seen_at).toISOString(),
        current: session.key_hash === caller.sessionKeyHash,
      }));
      return { results, count: results.length };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.sessions.signOutOthers, ['session'], {
      summary: 'Ends every session of the caller but this one',
    }),
    handler: async (request) => {
      if (!request.caller) throw notAuthenticated();
      const count = await ctx.sessions.endOthers(request.caller);
      return { detail: signedOutDetail(count), count };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.sessions.signOut, ['session'], {
      summary: 'Ends one of the caller’s other sessions; 404 for an id that is not theirs',
    }),
    // The id is a UUID, not the numeric id the other paths take; the handler reads it.
    url: endpoints.sessions.signOut.path,
    handler: async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw notAuthenticated();
      const { sessionId } = request.params;
      if (sessionId.toLowerCase() === caller.sessionId.toLowerCase()) {
        throw new ApiError(400, { detail: 'This is the current session: sign out instead.' });
      }
      if (!(await ctx.sessions.endByPublicId(caller.user.id, sessionId))) throw notFound();
      return reply.code(204).send(null);
    },
  });
};

export default sessionsRoutes;
