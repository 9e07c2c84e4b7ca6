import type { Queryable } from '../../db/database';
import type { SellerBlock } from '../../kernel/pdf';

/** The shop as its papers, pages and e-mails head it: a row of shop_letterhead (readShopLetterhead). */
export interface ShopLetterhead extends SellerBlock {
  /** The trading name as saved, trimmed; '' when there is none. */
  tradingName: string;
  /** The shop's own name in Loupe (shop_directory), whatever Shop Settings say. */
  shopName: string;
}

/**
 * The one reading of the shop's letterhead, for every module that prints or sends in the shop's name (the
 * e-mails' sender, purchase invoices, the workshop's papers): a row of the shop_letterhead view, which applies
 * the rule once for these and for the readers that join the view in their own SQL (the storefront's pages, the
 * enquiry form, the annual compliance summary, the approval note). Each reader used to tidy Shop Settings its
 * own way, so one paper or page could print what another never would (an e-mail address with stray spaces, a
 * blank name).
 *
 * The rule (migrations/047_shop_letterhead.sql): the printed name is the trading name, else the legal name,
 * else the shop's name; the legal name is the legal name, else the shop's name. Both Shop Settings names and
 * the e-mail address are trimmed (a blank one counts as none); the other details are as saved, '' when none.
 * No such shop reads as all ''.
 *
 * `db` is the database or the caller's transaction.
 */
export async function readShopLetterhead(db: Queryable, shopId: number): Promise<ShopLetterhead> {
  const rows = await db.query<ShopLetterhead>(
    `SELECT name, legal_name AS "legalName", trading_name AS "tradingName", shop_name AS "shopName", address,
            phone, email, vat_number AS "vatNumber", company_number AS "companyNumber"
       FROM shop_letterhead
      WHERE shop_id = $1`,
    [shopId],
  );
  return (
    rows[0] ?? {
      name: '',
      legalName: '',
      tradingName: '',
      shopName: '',
      address: '',
      phone: '',
      email: '',
      vatNumber: '',
      companyNumber: '',
    }
  );
}
