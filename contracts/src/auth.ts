import { Type, type Static } from '@sinclair/typebox';
import { Choice, Nullable, Text } from './common';

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

/** A shop; `time_zone` is its IANA zone (e.g. "Europe/London"), in which its days begin and end. */
export const Shop = Type.Object({ id: Type.Integer(), name: Type.String(), time_zone: Type.String() });
export type Shop = Static<typeof Shop>;

/** `GET /auth-check/`: always 200; nulls when nobody is signed in (or the user has no shop). */
export const AuthCheck = Type.Object({
  user: Nullable(User),
  role: Nullable(Role),
  shop: Nullable(Shop),
});
export type AuthCheck = Static<typeof AuthCheck>;

/** `POST /token/` */
export const Credentials = Type.Object(
  {
    username: Text({ maxLength: 150 }),
    password: Text({ maxLength: 4096 }),
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
    current_password: Text({ maxLength: 4096 }),
    new_password: Text({ maxLength: 4096 }),
  },
  { additionalProperties: false },
);
export type ChangePassword = Static<typeof ChangePassword>;
