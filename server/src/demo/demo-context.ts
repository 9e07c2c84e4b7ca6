import type { Role } from '@loupe/contracts';
import type { Transaction } from '../db/database';
import type { FileKey } from '../config';
import type { AppContext } from '../context';
import { createRepositories, type Repositories } from '../repositories';

/** What each domain's demo seeder gets: the fresh demo shop, its three members and the seeding transaction. */
export interface DemoContext {
  tx: Transaction;
  shopId: number;
  users: Record<Role, number>;
  now: Date;
  random: () => number;
  /** The key that seals stored files, for demo files such as KYC papers; absent: seed no files. */
  fileKey?: FileKey;
  /**
   * The whole seed's sales, made once every domain has planned its own (seed.ts), oldest first, so that the
   * invoices are numbered in the order the sales happened; absent (one domain seeded alone): each domain makes
   * its sales itself.
   */
  sales?: DemoSale[];
}

/** A sale (or a void, a deal) the demo makes through the sales module, at the time it happened. */
export interface DemoSale {
  at: Date;
  /** The stock item it sells or reserves, so another domain does not plan to sell it too. */
  itemIds?: readonly number[];
  make: () => Promise<void>;
}

/** Every repository over the seeding transaction, with the clock stopped at `at` (the demo's writes are dated). */
export function seedingRepos(tx: Transaction, at: Date): Repositories {
  return createRepositories(tx, () => at);
}

/**
 * The app's context as a module's service sees it, over the seeding transaction with the clock stopped at `at`:
 * the service's transaction is the seed's own, so its writes commit with the rest of the demo. The seed has no
 * configuration, sessions or throttle; the services it calls (the sales workflow, stock-takes, buy-ins) read only
 * the clock, the repositories, the transaction and the database — which is the seeding transaction too.
 */
export function seedingContext(tx: Transaction, at: Date): AppContext {
  const repos = seedingRepos(tx, at);
  const ctx: Pick<AppContext, 'db' | 'now' | 'repos' | 'transaction'> = {
    db: tx as AppContext['db'],
    now: () => at,
    repos,
    transaction: (work) => work(repos),
  };
  return ctx as AppContext;
}

/** Plans `sales` on the seed's list when it keeps one, else makes them now, oldest first. */
export async function makeSales(demo: DemoContext, sales: readonly DemoSale[]): Promise<void> {
  if (demo.sales) demo.sales.push(...sales);
  else await runSales(sales);
}

/** Makes planned sales in the order they happened (those of one moment in the order they were planned). */
export async function runSales(sales: readonly DemoSale[]): Promise<void> {
  for (const sale of [...sales].sort((a, b) => a.at.getTime() - b.at.getTime())) await sale.make();
}

/** The items some planned sale already sells or reserves. */
export function plannedItems(demo: DemoContext): Set<number> {
  return new Set((demo.sales ?? []).flatMap((s) => s.itemIds ?? []));
}

/**
 * `hour` o'clock (UTC) on the day `daysAgo` days before `now`, but never after a minute before `now`: what was
 * done "today" was done before the seed ran.
 */
export function pastAt(now: Date, daysAgo: number, hour: number): Date {
  const at = Date.parse(`${isoDay(now, daysAgo)}T00:00:00Z`) + hour * 3_600_000;
  return new Date(Math.min(at, now.getTime() - 60_000));
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
