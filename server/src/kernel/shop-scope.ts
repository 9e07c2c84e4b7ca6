import type { FastifyRequest } from 'fastify';
import type { Role } from '@loupe/contracts';
import { notAuthenticated, permissionDenied } from './http-errors';

export interface ShopCaller {
  userId: number;
  shopId: number;
  role: Role;
}

/**
 * The shop every record of a request belongs to: the caller's own (auth-check's `shop`). There is no shop id
 * in these URLs, so another shop's record is simply not found; a user with no membership gets a 403.
 */
export function shopCaller(request: FastifyRequest): ShopCaller {
  const caller = request.caller;
  if (!caller) throw notAuthenticated();
  if (!caller.shop || !caller.role) throw permissionDenied('You are not a member of any shop.');
  return { userId: caller.user.id, shopId: caller.shop.id, role: caller.role };
}
