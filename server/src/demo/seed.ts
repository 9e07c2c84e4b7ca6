import type { Role } from '@loupe/contracts';
import type { Db } from '../db/database';
import type { FileKey } from '../config';
import { DEMO_PASSWORD } from '../modules/auth/common-passwords';
import { hashPassword } from '../modules/auth/password-hasher';
import { MembershipsRepository } from '../modules/shops/memberships-repository';
import { UsersRepository } from '../modules/auth/users-repository';
import { runSales, seededRandom, type DemoContext } from './demo-context';
import { seedClientsDemo } from './clients';
import { seedInventoryDemo } from './inventory';
import { seedFinanceDemo } from './finance';
import { seedStockTakesDemo } from './stock-takes';
import { seedStockAgingDemo } from './stock-aging';
import { seedComplianceDemo } from './compliance';
import { seedShopSettingsDemo } from './documents';
import { seedDealsDemo } from './deals';
import { seedPurchasesDemo } from './purchases';
import { seedWorkshopDemo } from './workshop';
import { seedStorefrontDemo } from './storefront';
import { seedMarketplaceDemo } from './marketplace';
import { seedEnquiriesDemo } from './enquiries';
import { seedWantsDemo } from './wants';

export const DEMO_SHOP_NAME = 'Loupe Demo';
// One published password for the demo accounts, known to the password rules and the production check too.
export { DEMO_PASSWORD };

export interface DemoSeed {
  shop: { id: number; name: string };
  accounts: Array<{ id: number; username: string; role: Role }>;
  password: string;
}

const DEMO_USERS: ReadonlyArray<{ username: Role; first_name: string; last_name: string }> = [
  { username: 'platinum', first_name: 'Paloma', last_name: 'Reyes' },
  { username: 'gold', first_name: 'Gideon', last_name: 'Marsh' },
  { username: 'silver', first_name: 'Sylvie', last_name: 'Hart' },
];

/**
 * The demo records of each domain, seeded in this order into the new demo shop. The stock, finance and deals
 * domains plan their sales; they are all made (each with its invoice or credit note) before the stock-take,
 * in the order they happened, so the documents are numbered in that order.
 */
const DEMO_DOMAINS: ReadonlyArray<(demo: DemoContext) => Promise<void>> = [
  seedShopSettingsDemo,
  seedClientsDemo,
  seedInventoryDemo,
  seedFinanceDemo,
  seedDealsDemo,
  async (demo) => runSales(demo.sales ?? []),
  seedStockTakesDemo,
  seedStockAgingDemo,
  seedComplianceDemo,
  // Last: what the other domains sell or reserve is chosen before the bought-in pieces exist.
  seedPurchasesDemo,
  // The workshop's jobs (issue 23), with the brand service centre it sends pieces to.
  seedWorkshopDemo,
  // The storefront open at /store/loupe-demo/ with a dozen listed pieces (issue 24 item 1): after the workshop's
  // jobs (a piece in the workshop is not listed), before the enquiries, feeds and wants that build on it.
  seedStorefrontDemo,
  // A website enquiry about a listed watch (issue 24 item 2): after the storefront's listings.
  seedEnquiriesDemo,
  // Feed tokens, and a watch of the Chrono24 feed sold in the shop: an open Chrono24 report (issue 24 item 4).
  seedMarketplaceDemo,
  // A client's wanted list with an open match to a watch in stock (issue 24 item 5): last, once nothing more is sold.
  seedWantsDemo,
];

/** Creates the demo shop and its three members, unless the database already has a shop. */
export async function seedDemo(
  db: Db,
  now: Date,
  options: { fileKey?: FileKey } = {},
): Promise<DemoSeed | null> {
  if (await new MembershipsRepository(db).hasAnyShop()) return null;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    const memberships = new MembershipsRepository(tx);
    // Another instance may have seeded meanwhile (PostgreSQL); the transaction re-checks under a lock.
    await tx.query('SELECT pg_advisory_xact_lock(7426918)');
    if (await memberships.hasAnyShop()) return null;
    const users = new UsersRepository(tx);
    const shop = await memberships.createShop(DEMO_SHOP_NAME, now);
    const accounts: DemoSeed['accounts'] = [];
    for (const [i, demo] of DEMO_USERS.entries()) {
      const user = await users.create(
        { ...demo, email: `${demo.username}@demo.loupe.example`, passwordHash: hashes[i] as string },
        now,
      );
      // The demo's accounts came with the shop: nobody added them, so there is nothing new to tell them.
      await memberships.create(shop.id, user.id, demo.username, true, now, now);
      accounts.push({ id: user.id, username: user.username, role: demo.username });
    }
    // The owner is the demo shop's nominated officer (MLR 2017 reg. 21(3)): the one who sees its internal reports.
    const owner = accounts.find((a) => a.role === 'platinum');
    if (owner) await memberships.setNominatedOfficer(shop.id, owner.id, now);
    const demo: DemoContext = {
      tx,
      shopId: shop.id,
      users: Object.fromEntries(accounts.map((a) => [a.role, a.id])) as DemoContext['users'],
      now,
      random: seededRandom(20261122),
      sales: [],
      ...(options.fileKey ? { fileKey: options.fileKey } : {}),
    };
    // Each domain's records, in dependency order: stock refers to clients, reports read stock and sales.
    for (const seedDomain of DEMO_DOMAINS) await seedDomain(demo);
    return { shop, accounts, password: DEMO_PASSWORD };
  });
}
