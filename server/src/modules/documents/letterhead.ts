import type { Queryable } from '../../db/database';
import type { SellerBlock } from '../../kernel/pdf';

/** The shop as its papers and e-mails head it: Shop Settings' details, normalised (readShopLetterhead). */
export interface ShopLetterhead extends SellerBlock {
  /** The trading name as saved, trimmed; '' when there is none. */
  tradingName: string;
  /** The shop's own name in Loupe (shop_directory), whatever Shop Settings say. */
  shopName: string;
}

/** The letterhead's columns as read: the shop's name and Shop Settings' details, null where none is saved. */
export interface LetterheadRow {
  shop_name: string;
  legal_name: string | null;
  trading_name: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  vat_number: string | null;
  company_number: string | null;
}

/**
 * The one reading of the shop's letterhead, for every module that prints or sends in the shop's name (the
 * e-mails' sender, purchase invoices, the workshop's papers): Shop Settings through shop_document_settings,
 * with the shop's own name for what they leave blank. Each reader used to tidy the row its own way, so one
 * paper could print what another never would (an e-mail address with stray spaces); here it is tidied once.
 *
 * The names: the printed name is the trading name, else the legal name, else the shop's name; the legal name
 * is the legal name, else the shop's name. Both Shop Settings names and the e-mail address are trimmed (a
 * blank one counts as none); the other details are as saved, '' when none. No such shop reads as all ''.
 *
 * `db` is the database or the caller's transaction.
 */
export async function readShopLetterhead(db: Queryable, shopId: number): Promise<ShopLetterhead> {
  const rows = await db.query<LetterheadRow>(
    `SELECT s.name AS shop_name, ss.legal_name, ss.trading_name, ss.address, ss.phone, ss.email, ss.vat_number,
            ss.company_number
       FROM shop_directory s LEFT JOIN shop_document_settings ss ON ss.shop_id = s.id
      WHERE s.id = $1`,
    [shopId],
  );
  const r = rows[0];
  const shopName = r?.shop_name ?? '';
  const tradingName = (r?.trading_name ?? '').trim();
  const legalName = (r?.legal_name ?? '').trim() || shopName;
  return {
    name: tradingName || legalName,
    legalName,
    tradingName,
    shopName,
    address: r?.address ?? '',
    phone: r?.phone ?? '',
    email: (r?.email ?? '').trim(),
    vatNumber: r?.vat_number ?? '',
    companyNumber: r?.company_number ?? '',
  };
}
