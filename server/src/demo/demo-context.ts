import type { Role } from '@loupe/contracts';
import type { Transaction } from '../db/database';
import type { FileKey } from '../config';

/** What each domain's demo seeder gets: the fresh demo shop, its three members and the seeding transaction. */
export interface DemoContext {
  tx: Transaction;
  shopId: number;
  users: Record<Role, number>;
  now: Date;
  random: () => number;
  /** The key that seals stored files, for demo files such as KYC papers; absent: seed no files. */
  fileKey?: FileKey;
}

/** A small deterministic generator (mulberry32): the demo data is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The day `daysAgo` days before `now`, as YYYY-MM-DD in UTC. */
export function isoDay(now: Date, daysAgo = 0): string {
  return new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}
