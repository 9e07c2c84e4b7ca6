import { Type, type Static } from '@sinclair/typebox';
import { Choice, ListOf, Nullable, Text } from './common';

export const ROLES = ['platinum', 'gold', 'silver'] as const;
export const Role = Choice(ROLES);
export type Role = Static<typeof Role>;

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
});
export type User = Static<typeof User>;

/** The shop's choices that widen what a role may do (permissions.ts); each off by default. */
export const PermissionSettings = Type.Object({
  /** "Silver sees costs and profit". */
  silverSeesCosts: Type.Boolean(),
});
export type PermissionSettings = Static<typeof PermissionSettings>;

/** A shop; `time_zone` is its IANA zone (e.g. "Europe/London"), in which its days begin and end. */
export const Shop = Type.Object({ id: Type.Integer(), name: Type.String(), time_zone: Type.String() });
export type Shop = Static<typeof Shop>;

/**
 * A shop the user is an active member of, with their role there. `is_new` until the user has seen the notice
 * of this membership: someone else added them, and it never changes the shop they are working in.
 */
export const ShopMembership = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  time_zone: Type.String(),
  role: Role,
  is_new: Type.Boolean(),
});
export type ShopMembership = Static<typeof ShopMembership>;

/**
 * `GET /auth-check/`: always 200; nulls and an empty list when nobody is signed in. `shop` and `role` are the
 * session's active shop, which the user chose (or the one they worked in last, at sign-in); `shop` is null when
 * they belong to no shop or were removed from the active one. `shops` lists every shop they may switch to.
 * `must_change_password`: the account was created with a password to be replaced at the first sign-in; until it
 * is, the API answers 403 to everything but the account's own screens.
 * `permission_settings`: the active shop's choices that widen what a role may do (contracts' permissions.ts,
 * `can(role, action, permission_settings)`); all off when there is no shop.
 * `nominated_officer`: the user is the active shop's nominated officer (MLR 2017 reg. 21(3)), who alone sees the
 * suspicious activity reports; false when there is no shop.
 */
export const AuthCheck = Type.Object({
  user: Nullable(User),
  role: Nullable(Role),
  shop: Nullable(Shop),
  shops: Type.Array(ShopMembership),
  must_change_password: Type.Boolean(),
  permission_settings: PermissionSettings,
  nominated_officer: Type.Boolean(),
});
export type AuthCheck = Static<typeof AuthCheck>;

/** `POST /token/` */
export const Credentials = Type.Object(
  {
    username: Text({ maxLength: 150 }),
    password: Text({ maxLength: 4096, secret: true }),
  },
  { additionalProperties: false },
);
export type Credentials = Static<typeof Credentials>;

/** `GET /api/profile/me/` */
export const Profile = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
});
export type Profile = Static<typeof Profile>;

/**
 * `PUT /api/profile/update_profile/`. The browser sends `username` too (SPEC §7); it is accepted but
 * never changes the stored username.
 */
export const ProfileUpdate = Type.Object(
  {
    username: Type.Optional(Text({ maxLength: 150 })),
    email: Text({ maxLength: 254 }),
    first_name: Text({ maxLength: 150 }),
    last_name: Text({ maxLength: 150 }),
  },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

/** `POST /api/account/change-password/` */
export const ChangePassword = Type.Object(
  {
    current_password: Text({ maxLength: 4096, secret: true }),
    // ASVS 2.1.2: at most 128 characters for a new password (the current one is checked as it was set).
    new_password: Text({ maxLength: 128, secret: true }),
  },
  { additionalProperties: false },
);
export type ChangePassword = Static<typeof ChangePassword>;

/** `POST /api/session/shop/` (switch the active shop) and `POST /api/session/shop-notice-seen/`. */
export const ShopChoice = Type.Object(
  { shop: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type ShopChoice = Static<typeof ShopChoice>;

/**
 * One of the user's own signed-in sessions (`GET /api/account/sessions/`). `id` is a public handle, never the
 * session's cookie value; `device` is read from the browser's User-Agent (e.g. "Chrome 142 on Linux");
 * `current` marks the session making the request.
 */
export const SessionInfo = Type.Object({
  id: Type.String(),
  device: Type.String(),
  ip_address: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_seen_at: Type.String({ format: 'date-time' }),
  current: Type.Boolean(),
});
export type SessionInfo = Static<typeof SessionInfo>;

export const SessionList = ListOf(SessionInfo);
export type SessionList = Static<typeof SessionList>;

/** `POST /api/account/sessions/sign-out-others/`: how many other sessions were ended. */
export const SignedOutSessions = Type.Object({ detail: Type.String(), count: Type.Integer() });
export type SignedOutSessions = Static<typeof SignedOutSessions>;
