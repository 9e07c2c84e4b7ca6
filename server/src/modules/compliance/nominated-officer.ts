import { NOMINATED_OFFICER_ONLY } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { permissionDenied } from '../../kernel/http-errors';
import type { ShopCaller } from '../../kernel/shop-scope';

/**
 * Whether the user is the shop's nominated officer: the member who receives internal suspicious activity reports
 * and decides whether to disclose them to the National Crime Agency (Money Laundering Regulations 2017, reg.
 * 21(3) and 21(5); POCA 2002 s.331). Read through the shops module's published view (migration 030); an inactive
 * membership names nobody. The shops module alone writes the flag (memberships-service.ts, nominate).
 */
export async function isNominatedOfficer(db: Queryable, shopId: number, userId: number): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    `SELECT 1 AS one FROM membership_directory
      WHERE shop_id = $1 AND user_id = $2 AND active AND nominated_officer`,
    [shopId, userId],
  );
  return rows.length > 0;
}

/**
 * A 403 with its reason unless the caller is their shop's nominated officer. Read from the database, not the
 * session: being stood down takes effect on the next request, whatever a cached session says.
 */
export async function requireNominatedOfficer(
  db: Queryable,
  caller: Pick<ShopCaller, 'shopId' | 'userId'>,
): Promise<void> {
  if (!(await isNominatedOfficer(db, caller.shopId, caller.userId)))
    throw permissionDenied(NOMINATED_OFFICER_ONLY);
}
