import type { FastifyRequest } from 'fastify';
import { can, type Action, type PermissionSettings, type Role } from '@loupe/contracts';
import { notAuthenticated, permissionDenied } from './http-errors';

export interface ShopCaller {
  userId: number;
  shopId: number;
  role: Role;
  /** The shop's choices that widen what a role may do (contracts' permissions.ts); the defaults when absent. */
  settings?: PermissionSettings;
}

/** Whether the caller may do `action` in their shop (contracts' permission map). */
export const callerCan = (caller: ShopCaller, action: Action): boolean =>
  can(caller.role, action, caller.settings);

/** A 403 (with `refusal`, else DRF's words) unless the caller may do `action`. */
export function requireAction(caller: ShopCaller, action: Action, refusal?: string): void {
  if (!callerCan(caller, action)) throw permissionDenied(refusal);
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
  return {
    userId: caller.user.id,
    shopId: caller.shop.id,
    role: caller.role,
    settings: caller.permissionSettings,
  };
}
