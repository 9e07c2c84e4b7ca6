import {
  NOMINATE_NOT_ALLOWED,
  NOMINEE_NOT_ELIGIBLE,
  isOwner,
  manageableRoles,
  type MemberRole,
  type Membership,
  type NominatedOfficer,
  type Role,
} from '@loupe/contracts';
import type { ShopsContext } from './deps';
import { isUniqueViolation } from '../../kernel/db-errors';
import { ApiError, fieldErrors, permissionDenied } from '../../kernel/http-errors';
import { MAX_INT4, NOT_NULL } from '../../kernel/validation';

/** DRF's PrimaryKeyRelatedField: a number or numeric string naming a row that can exist. */
function parseUserId(value: number | string | null): { id: number } | { error: string } {
  if (value === null) return { error: NOT_NULL };
  let id: number;
  if (typeof value === 'number') id = value;
  else if (/^\s*-?\d{1,15}\s*$/.test(value)) id = Number(value.trim());
  else return { error: 'A valid integer is required.' };
  if (id < 1 || id > MAX_INT4) return { error: `Invalid pk "${id}" - object does not exist.` };
  return { id };
}

type MembershipAction = 'grant' | 'change' | 'revoke' | 'restore';

/** What the audit log keeps of a membership: who, as what, and whether it grants anything. */
const audited = ({ user, role, active }: Membership) => ({ user, role, active });

/** A save that changed nothing is no event. */
function auditAction(before: Membership, after: Membership): MembershipAction | null {
  if (before.active && !after.active) return 'revoke';
  if (!before.active && after.active) return 'restore';
  return before.role === after.role ? null : 'change';
}

export class MembershipsService {
  constructor(private readonly ctx: ShopsContext) {}

  /** The caller's role in this shop; a shop they are not an active member of is not theirs to see. */
  async callerRole(userId: number, shopIdParam: string): Promise<{ shopId: number; role: Role }> {
    const shopId = Number(shopIdParam);
    const role = shopId <= MAX_INT4 ? await this.ctx.repos.memberships.activeRole(userId, shopId) : null;
    if (!role || manageableRoles(role).length === 0) throw permissionDenied();
    return { shopId, role };
  }

  async list(userId: number, shopIdParam: string, wanted: MemberRole | undefined): Promise<Membership[]> {
    const { shopId, role } = await this.callerRole(userId, shopIdParam);
    if (wanted && !manageableRoles(role).includes(wanted)) throw permissionDenied();
    return this.ctx.repos.memberships.list(shopId, wanted ? [wanted] : manageableRoles(role));
  }

  /** Adds a member or changes an existing one's role; `created` tells which. */
  async save(
    userId: number,
    shopIdParam: string,
    body: { user: number | string | null; role: MemberRole; active?: boolean },
  ): Promise<{ membership: Membership; created: boolean }> {
    const { shopId, role: callerRoleInShop } = await this.callerRole(userId, shopIdParam);
    const { role } = body;
    const active = body.active ?? true;

    const parsed = parseUserId(body.user);
    if ('error' in parsed) throw fieldErrors({ user: [parsed.error] });
    if (!(await this.ctx.repos.memberships.userExists(parsed.id))) {
      throw fieldErrors({ user: [`Invalid pk "${parsed.id}" - object does not exist.`] });
    }
    if (!manageableRoles(callerRoleInShop).includes(role)) throw permissionDenied();

    const now = this.ctx.now();
    try {
      const saved = await this.ctx.transaction(async ({ memberships, audit }) => {
        const record = (action: MembershipAction, after: Membership, before?: Membership) =>
          audit.record({
            shopId,
            userId,
            entity: 'membership',
            entityId: after.id,
            action,
            ...(before ? { before: audited(before) } : {}),
            after: audited(after),
            at: now,
          });
        const existing = await memberships.find(shopId, parsed.id);
        if (!existing) {
          // Created unseen: the member hears of it, and it never moves the shop they are working in.
          const membership = await memberships.create(shopId, parsed.id, role, active, now);
          await record('grant', membership);
          return { membership, created: true };
        }
        if (isOwner(existing.role)) {
          throw new ApiError(409, {
            detail: `User ${parsed.id} owns this shop: the owner's membership cannot be changed.`,
          });
        }
        // A gold member adds silver members; changing a fellow gold member is the owner's call.
        if (!manageableRoles(callerRoleInShop).includes(existing.role as MemberRole))
          throw permissionDenied();
        const membership = await memberships.update(existing.id, role, active, now);
        const action = auditAction(existing, membership);
        if (action) await record(action, membership, existing);
        return { membership, created: false };
      });
      // The member's role and shop are part of their cached sessions.
      await this.ctx.sessions.forgetUser(parsed.id);
      return saved;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiError(409, {
          detail: 'This membership was changed at the same time; please try again.',
        });
      }
      throw error;
    }
  }

  /** The shop's nominated officer (MLR 2017 reg. 21(3)), for those who manage its members. */
  async nominatedOfficer(userId: number, shopIdParam: string): Promise<NominatedOfficer> {
    const { shopId } = await this.callerRole(userId, shopIdParam);
    return { user: await this.ctx.repos.memberships.nominatedOfficer(shopId) };
  }

  /**
   * The owner names the nominated officer (MLR 2017 reg. 21(3): the person who receives internal suspicious
   * activity reports, reg. 21(5)): an active gold or platinum member, the owner included; null stands the current
   * one down. One per shop (migration 030's unique index). Each change is audited on the membership.
   */
  async setNominatedOfficer(
    userId: number,
    shopIdParam: string,
    body: { user: number | null },
  ): Promise<NominatedOfficer> {
    const { shopId, role } = await this.callerRole(userId, shopIdParam);
    if (!isOwner(role)) throw permissionDenied(NOMINATE_NOT_ALLOWED);
    const now = this.ctx.now();
    let changed: number[] = [];
    try {
      await this.ctx.transaction(async ({ memberships, audit }) => {
        const nominee = body.user === null ? null : await memberships.find(shopId, body.user);
        if (body.user !== null && (!nominee || !nominee.active || nominee.role === 'silver')) {
          throw fieldErrors({ user: [NOMINEE_NOT_ELIGIBLE] });
        }
        const current = await memberships.nominatedOfficer(shopId);
        if (current === body.user) return;
        const record = async (member: Membership, nominated: boolean) =>
          audit.record({
            shopId,
            userId,
            entity: 'membership',
            entityId: member.id,
            action: nominated ? 'nominate' : 'unnominate',
            before: { user: member.user, role: member.role, nominated_officer: !nominated },
            after: { user: member.user, role: member.role, nominated_officer: nominated },
            at: now,
          });
        const stoodDown = await memberships.setNominatedOfficer(shopId, body.user, now);
        if (stoodDown !== null) {
          const previous = await memberships.find(shopId, stoodDown);
          if (previous) await record(previous, false);
        }
        if (nominee) await record(nominee, true);
        changed = [stoodDown, body.user].filter((id): id is number => id !== null);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiError(409, {
          detail: 'The nominated officer was changed at the same time; please try again.',
        });
      }
      throw error;
    }
    // auth-check's nominated_officer is part of their cached sessions.
    for (const id of changed) await this.ctx.sessions.forgetUser(id);
    return { user: body.user };
  }
}
