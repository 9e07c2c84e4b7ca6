import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Membership,
  MembershipCreate,
  MembershipList,
  MembershipQuery,
  type MemberRole,
  type Role,
  routes,
} from '@loupe/contracts';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../../context';
import { ApiError, fieldErrors, notAuthenticated, permissionDenied } from '../../../kernel/http-errors';
import { MembershipsRepository } from '../memberships-repository';
import { isUniqueViolation } from '../../../kernel/db-errors';
import { withErrors } from '../../../kernel/schemas';

/** Who manages whom (SPEC §6): platinum owns the shop and manages gold and silver; gold manages silver. */
export const MANAGEABLE: Record<Role, readonly MemberRole[]> = {
  platinum: ['gold', 'silver'],
  gold: ['silver'],
  silver: [],
};

const MAX_INT4 = 2_147_483_647;
// Like Django's <int:shop_id> converter: anything else is not this URL at all (404).
const PATH = routes.memberships.replace(':shopId', ':shopId(^\\d+)');
const Params = Type.Object({ shopId: Type.String() });

function parseUserId(value: number | string | null): { id: number } | { error: string } {
  if (value === null) return { error: 'This field may not be null.' };
  let id: number;
  if (typeof value === 'number') id = value;
  else if (/^\s*-?\d{1,15}\s*$/.test(value)) id = Number(value.trim());
  else return { error: 'A valid integer is required.' };
  if (id < 1 || id > MAX_INT4) return { error: `Invalid pk "${id}" - object does not exist.` };
  return { id };
}

const membershipRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  /** The caller's role in this shop; a shop they are not an active member of is not theirs to see. */
  async function callerRole(userId: number, shopIdParam: string): Promise<{ shopId: number; role: Role }> {
    const shopId = Number(shopIdParam);
    const role = shopId <= MAX_INT4 ? await ctx.memberships.activeRole(userId, shopId) : null;
    if (!role || MANAGEABLE[role].length === 0) throw permissionDenied();
    return { shopId, role };
  }

  fastify.get(
    PATH,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['memberships'],
        summary: 'Lists the memberships the caller manages (platinum: gold and silver; gold: silver)',
        params: Params,
        querystring: MembershipQuery,
        response: withErrors({ 200: MembershipList }),
      },
    },
    async (request) => {
      if (!request.caller) throw notAuthenticated();
      const { shopId, role } = await callerRole(request.caller.user.id, request.params.shopId);
      const wanted = request.query.role;
      if (wanted && !MANAGEABLE[role].includes(wanted)) throw permissionDenied();
      const results = await ctx.memberships.list(shopId, wanted ? [wanted] : MANAGEABLE[role]);
      return { results, count: results.length };
    },
  );

  fastify.post(
    PATH,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['memberships'],
        summary: 'Adds a member, or changes the role of an existing member (a promotion), never the owner',
        params: Params,
        body: MembershipCreate,
        response: withErrors({
          200: Membership,
          201: Membership,
          409: Type.Object({ detail: Type.String() }),
        }),
      },
    },
    async (request, reply) => {
      if (!request.caller) throw notAuthenticated();
      const { shopId, role: callerRoleInShop } = await callerRole(
        request.caller.user.id,
        request.params.shopId,
      );
      const { role } = request.body;
      const active = request.body.active ?? true;

      const parsed = parseUserId(request.body.user);
      if ('error' in parsed) throw fieldErrors({ user: [parsed.error] });
      if (!(await ctx.memberships.userExists(parsed.id))) {
        throw fieldErrors({ user: [`Invalid pk "${parsed.id}" - object does not exist.`] });
      }
      if (!MANAGEABLE[callerRoleInShop].includes(role)) throw permissionDenied();

      const now = ctx.now();
      try {
        const { membership, created } = await ctx.db.transaction(async (tx) => {
          const memberships = new MembershipsRepository(tx);
          const existing = await memberships.find(shopId, parsed.id);
          if (!existing)
            return {
              membership: await memberships.create(shopId, parsed.id, role, active, now),
              created: true,
            };
          if (existing.role === 'platinum') {
            throw new ApiError(409, {
              detail: `User ${parsed.id} owns this shop: the owner's membership cannot be changed.`,
            });
          }
          // A gold member adds silver members; changing a fellow gold member is the owner's call.
          if (!MANAGEABLE[callerRoleInShop].includes(existing.role as MemberRole)) throw permissionDenied();
          return { membership: await memberships.update(existing.id, role, active, now), created: false };
        });
        // The member's role and shop are part of their cached sessions.
        ctx.sessions.forgetUser(parsed.id);
        return reply.code(created ? 201 : 200).send(membership);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ApiError(409, {
            detail: 'This membership was changed at the same time; please try again.',
          });
        }
        throw error;
      }
    },
  );
};

export default membershipRoutes;
