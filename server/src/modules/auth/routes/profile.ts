import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProfileUpdate, endpoints } from '@loupe/contracts';
import type { AuthContext } from '../deps';
import { AccountService } from '../account-service';
import { fieldErrors, notAuthenticated } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';

export const READ_ONLY = 'This field is read-only.';

/**
 * What the PUT reads: the contract's fields plus the read-only `id` of the representation GET returned, so a
 * client can send back exactly what it read (as a DRF client does). Any other field is still refused.
 */
const ProfileUpdateBody = Type.Object(
  { ...ProfileUpdate.properties, id: Type.Optional(Type.Unknown()) },
  { additionalProperties: false },
);

const profileRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify, { ctx }) => {
  const accounts = new AccountService(ctx);

  fastify.route({
    ...staffRoute(endpoints.profile.me, ['profile'], {
      summary: 'The signed-in user’s profile',
    }),
    // The session query already read the user's row: no second query.
    handler: async (request) => request.caller?.user ?? Promise.reject(notAuthenticated()),
  });

  fastify.route({
    ...staffRoute(endpoints.profile.update, ['profile'], {
      summary: 'Updates email, first and last name; the username is read-only',
      body: ProfileUpdateBody,
    }),
    handler: async (request) => {
      const caller = request.caller;
      if (!caller) throw notAuthenticated();
      // An unchanged id is the echo of GET and is ignored; a different one asks for what cannot be done.
      if (request.body.id !== undefined && request.body.id !== caller.user.id) {
        throw fieldErrors({ id: [READ_ONLY] });
      }
      // The username, read-only too, is ignored whatever its value (the browser sends the one it shows).
      return accounts.updateProfile(caller, request.body);
    },
  });
};

export default profileRoutes;
