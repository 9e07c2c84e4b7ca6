// The SQL pieces every issued document shares (invoices and credit notes of deals and of single sales), written
// once: the gap-free number and the snapshot of the parties as printed.

/**
 * The next number of a shop's invoices or credit notes. The counter row is created or raised in the caller's
 * transaction and stays locked until it ends: concurrent sales queue on it, and a sale that rolls back gives its
 * number back, so the numbers have no gap and no duplicate (migration 013). Its shop is `$1`.
 */
export const NEXT_NUMBER = (
  kind: 'invoice' | 'credit_note' | 'purchase' | 'job',
) => `INSERT INTO document_counters AS dc (shop_id, kind, last_number)
  VALUES ($1, '${kind}', 1)
  ON CONFLICT (shop_id, kind) DO UPDATE SET last_number = dc.last_number + 1
  RETURNING last_number`;

/**
 * The client's postal address parts as a document's row carries them (`c` is the client_directory row; all NULL
 * for a walk-in), for PARTIES' snapshot.
 */
export const BUYER_ADDRESS_COLUMNS = (c: string) =>
  `${c}.address_line1 AS client_address_line1, ${c}.address_line2 AS client_address_line2, ` +
  `${c}.town AS client_town, ${c}.postcode AS client_postcode, ${c}.country AS client_country`;

/**
 * The buyer and the seller as printed, from a row `r` that carries the client's name, e-mail, phone and postal
 * address parts (BUYER_ADDRESS_COLUMNS), the walk-in's name, and the shop's settings (legal_name, trading_name,
 * address, shop_phone, shop_email, vat_number, company_number, invoice_footer, shop_name, has_logo): a snapshot,
 * so later changes never change the document.
 * The buyer's postal address is kept as its parts (`postalAddress`, null for a walk-in and on documents issued
 * before addresses, issue 22) and laid out when printed by the contracts' one formatter, postalAddressLines.
 */
export const PARTIES = (r: string) => `
       jsonb_build_object(
         'name', coalesce(${r}.client_name, ${r}.buyer_name),
         'address', '',
         'email', coalesce(${r}.client_email, ''),
         'phone', coalesce(${r}.client_phone, ''),
         'postalAddress', CASE WHEN ${r}.client_country IS NULL THEN NULL ELSE jsonb_build_object(
           'addressLine1', ${r}.client_address_line1,
           'addressLine2', ${r}.client_address_line2,
           'town', ${r}.client_town,
           'postcode', ${r}.client_postcode,
           'country', ${r}.client_country) END),
       jsonb_build_object(
         'legalName', coalesce(nullif(${r}.legal_name, ''), ${r}.shop_name),
         'tradingName', coalesce(${r}.trading_name, ''),
         'address', coalesce(${r}.address, ''),
         'email', coalesce(${r}.shop_email, ''),
         'phone', coalesce(${r}.shop_phone, ''),
         'vatNumber', coalesce(${r}.vat_number, ''),
         'companyNumber', coalesce(${r}.company_number, ''),
         'footer', coalesce(${r}.invoice_footer, ''),
         'hasLogo', ${r}.has_logo)`;
