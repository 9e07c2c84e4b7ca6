import { Type, type Static } from '@sinclair/typebox';
import { ListOf, type List } from './common';

/** Roles that can be granted through the management screens; platinum is the shop's owner. */
export const MEMBER_ROLES = ['gold', 'silver'] as const;
export const MemberRole = Type.Union(MEMBER_ROLES.map((r) => Type.Literal(r)));
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const Membership = Type.Object({
  id: Type.Integer(),
  user: Type.Integer(),
  role: Type.Union([Type.Literal('platinum'), MemberRole]),
  active: Type.Boolean(),
});
export type Membership = Static<typeof Membership>;

/**
 * `POST /api/shops/{shopId}/memberships/`. `user` is typed loosely on purpose: a non-numeric user id is
 * answered with a DRF field error (`{"user": ["A valid integer is required."]}`), not a schema error.
 */
export const MembershipCreate = Type.Object(
  {
    user: Type.Union([Type.Integer(), Type.String({ maxLength: 32 }), Type.Null()]),
    role: MemberRole,
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MembershipCreate = { user: number; role: MemberRole; active: boolean };

export const MembershipQuery = Type.Object({ role: Type.Optional(MemberRole) });
export type MembershipQuery = Static<typeof MembershipQuery>;

export const MembershipList = ListOf(Membership);
export type MembershipList = List<Membership>;
