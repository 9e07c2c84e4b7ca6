/** The demo accounts the app seeds on a fresh data folder (server/src/demo/seed.ts). */
export const DEMO_PASSWORD = 'loupe-demo-2026';

export interface Account {
  username: string;
  password: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Created with `user:create --must-change-password`: the first sign-in must replace the password. */
  mustChangePassword?: boolean;
}

export const demo = {
  platinum: { username: 'platinum', password: DEMO_PASSWORD },
  gold: { username: 'gold', password: DEMO_PASSWORD },
  silver: { username: 'silver', password: DEMO_PASSWORD },
} as const satisfies Record<string, Account>;

/**
 * Accounts created for the suite before the app starts (`user:create`), one per test that changes an
 * account, so that no test depends on which others ran before it.
 */
export const extra = {
  /** Changes its password. */
  password: { username: 'e2e-password', password: 'Escapement-Hairspring-42' },
  /** Saves its profile. */
  profile: {
    username: 'e2e-profile',
    password: 'Mainspring-Balance-Wheel-17',
    email: 'profile@e2e.loupe.example',
    firstName: 'Imogen',
    lastName: 'Vale',
  },
  /** Made a silver member of the demo shop by the global setup; the gold test promotes it. */
  promotee: { username: 'e2e-promotee', password: 'Crown-Bezel-Sapphire-88' },
  /** Starts without a shop; the silver test adds it to the demo shop. */
  recruit: { username: 'e2e-recruit', password: 'Lugs-Caseback-Pusher-35' },
} as const satisfies Record<string, Account>;

export type ExtraAccount = keyof typeof extra;
