import { Type, type Static } from '@sinclair/typebox';
import { Role } from './auth';
import { Choice, ListOf, Text } from './common';

/** Roles that can be granted through the management screens; platinum is the shop's owner. */
export const MEMBER_ROLES = ['gold', 'silver'] as const;
export const MemberRole = Choice(MEMBER_ROLES);
export type MemberRole = Static<typeof MemberRole>;

export const Membership = Type.Object({
  id: Type.Integer(),
  user: Type.Integer(),
  role: Role,
  active: Type.Boolean(),
});
export type Membership = Static<typeof Membership>;

/**
 * `POST /api/shops/{shopId}/memberships/` → 201 Membership (200 when it changed an existing member's role).
 * `user` is typed loosely on purpose: the server answers `"7"` as 7 and anything else with DRF's own words
 * (`{"user": ["A valid integer is required."]}`, `["This field may not be null."]`), so the type says what
 * the server accepts; the page sends a number. `active` defaults to true.
 */
export const MembershipCreate = Type.Object(
  {
    user: Type.Union([Type.Integer(), Text({ maxLength: 32 }), Type.Null()]),
    role: MemberRole,
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MembershipCreate = Static<typeof MembershipCreate>;

export const MembershipQuery = Type.Object({ role: Type.Optional(MemberRole) });
export type MembershipQuery = Static<typeof MembershipQuery>;

export const MembershipList = ListOf(Membership);
export type MembershipList = Static<typeof MembershipList>;

/**
 * The shop's nominated officer (Money Laundering Regulations 2017, reg. 21(3)): the member who receives internal
 * suspicious activity reports and decides on disclosure to the NCA. `user` null: nobody is named. Only the owner
 * names them, a gold or platinum member (the owner may name themself).
 * `GET|PUT /api/shops/{shopId}/nominated-officer/`.
 */
export const NominatedOfficer = Type.Object({ user: Type.Union([Type.Integer(), Type.Null()]) });
export type NominatedOfficer = Static<typeof NominatedOfficer>;

export const NominatedOfficerUpdate = Type.Object(
  { user: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]) },
  { additionalProperties: false },
);
export type NominatedOfficerUpdate = Static<typeof NominatedOfficerUpdate>;
