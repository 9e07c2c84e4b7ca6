import type { FastifyRequest } from 'fastify';
import type { Role } from '@loupe/contracts';
import { notAuthenticated, permissionDenied } from './http-errors';

export interface ShopCaller {
  userId: number;
  shopId: number;
  role: Role;
}

/**
 * The shop every record of a request belongs to: the session's active shop (auth-check's `shop`), which the
 * user chose; never one derived from their memberships. There is no shop id in these URLs, so another shop's
 * record is simply not found. A session without a shop gets a 403: the user belongs to none, or was removed
 * from the one they worked in and must choose another.
 */
export function shopCaller(request: FastifyRequest): ShopCaller {
  const caller = request.caller;
  if (!caller) throw notAuthenticated();
  if (!caller.shop || !caller.role) {
    throw permissionDenied(
      caller.shops.length > 0 ? 'Choose a shop to work in.' : 'You are not a member of any shop.',
    );
  }
  return { userId: caller.user.id, shopId: caller.shop.id, role: caller.role };
}
