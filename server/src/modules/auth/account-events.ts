import type { AuthContext } from './deps';
import type { AuditRepository } from '../audit';
import type { Caller } from './sessions';

// The account events of the trail (sign-in, sign-out, failed sign-in, password change). They join the chain
// of the shop the person works in, so the shop's owner sees them in Activity; someone with no shop, or a
// username nobody has, goes to the system chain (shop_id NULL).

const MAX_USERNAME = 150;

async function shopFor(
  audit: AuditRepository,
  userId: number,
  caller?: Caller | null,
): Promise<number | null> {
  return caller?.shop?.id ?? (await audit.shopOfUser(userId));
}

export async function recordSignIn(ctx: AuthContext, caller: Caller | null, userId: number): Promise<void> {
  const audit = ctx.repos.audit;
  await audit.record({
    shopId: await shopFor(audit, userId, caller),
    userId,
    entity: 'session',
    entityId: null,
    action: 'sign_in',
    at: ctx.now(),
  });
}

export async function recordSignOut(ctx: AuthContext, caller: Caller): Promise<void> {
  const audit = ctx.repos.audit;
  await audit.record({
    shopId: await shopFor(audit, caller.user.id, caller),
    userId: caller.user.id,
    entity: 'session',
    entityId: null,
    action: 'sign_out',
    at: ctx.now(),
  });
}

/** A refused sign-in, with the username tried; `userId` when that username is someone's. */
export async function recordFailedSignIn(
  ctx: AuthContext,
  username: string,
  userId: number | null,
): Promise<void> {
  const audit = ctx.repos.audit;
  await audit.record({
    shopId: userId === null ? null : await audit.shopOfUser(userId),
    userId,
    entity: 'session',
    entityId: null,
    action: 'sign_in_failed',
    after: { username: username.slice(0, MAX_USERNAME) },
    at: ctx.now(),
  });
}

/** In the transaction that changes the password, so the change and its entry commit together. */
export async function recordPasswordChange(audit: AuditRepository, caller: Caller, at: Date): Promise<void> {
  await audit.record({
    shopId: await shopFor(audit, caller.user.id, caller),
    userId: caller.user.id,
    entity: 'user',
    entityId: caller.user.id,
    action: 'password_change',
    at,
  });
}
