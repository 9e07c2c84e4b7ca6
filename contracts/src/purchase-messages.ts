// The values and words of purchases (buy-ins, issue 22) that both the service and the pages use. No TypeBox here:
// the browser entry (browser.ts) re-exports this file as values.

/** Who sold the piece to the shop: a member of the public, or the trade (another dealer, an auction house). */
export const SELLER_KINDS = ['private', 'trade'] as const;
export type SellerKind = (typeof SELLER_KINDS)[number];
export const SELLER_KIND_LABELS: Readonly<Record<SellerKind, string>> = {
  private: 'Private seller',
  trade: 'Trade',
};

/**
 * Where a purchase was entered (migration 025): 'buy_in' — the Buy In form, whose due diligence the server
 * enforces (409); 'item_form' — Add Inventory Item with purchase transactions (SPEC §3), the simple case of a
 * buy-in: numbered, in the stock book, its cash through the AML guard, but its seller optional (the
 * specification's form names a client only on credit and debt lines), so the checks it lacks are listed as
 * outstanding on the purchase rather than refused.
 */
export const PURCHASE_SOURCES = ['buy_in', 'item_form'] as const;
export type PurchaseSource = (typeof PURCHASE_SOURCES)[number];
export const PURCHASE_SOURCE_LABELS: Readonly<Record<PurchaseSource, string>> = {
  buy_in: 'Buy In',
  item_form: 'Add Inventory Item',
};
/** Shown for the seller of an item-form purchase that named none. */
export const SELLER_NOT_ON_FILE = 'Not on file';

/**
 * How an item form's credit and debt lines settle a purchase (SPEC §3): not money paid, but the client's ledger
 * moved towards the client — the method of that ledger posting and of the purchase's payment row alike.
 */
export const STOCK_SETTLEMENT_METHODS = { credit: 'Stock credit', debt: 'Stock debt' } as const;
export type StockSettlementMethod = (typeof STOCK_SETTLEMENT_METHODS)[keyof typeof STOCK_SETTLEMENT_METHODS];

/** completed: bought and in stock; voided: reversed (its items left stock, its payments reversed). */
export const PURCHASE_STATUSES = ['completed', 'voided'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A stolen-goods register search's answer: clear, or flagged (reported lost or stolen: the line is refused). */
export const REGISTER_RESULTS = ['clear', 'flagged'] as const;
export type RegisterResult = (typeof REGISTER_RESULTS)[number];

/** The intake record's grades: the same scale as the item's condition grade (migration 021). */
export const INTAKE_CONDITION_GRADES = ['unworn', 'excellent', 'very_good', 'good', 'fair'] as const;

/** The register most UK dealers search (shown as the form's suggestion). */
export const DEFAULT_REGISTER_PROVIDER = 'The Watch Register';

/** The certificate of a register check: a PDF or an image, as KYC papers. */
export const REGISTER_CERTIFICATE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const PURCHASE_MAX_LINES = 20;
export const PURCHASE_MAX_PAYMENTS = 10;

/** Due diligence defaults (Shop Settings; server/README.md "Purchases"), in pounds. */
export const DEFAULT_PURCHASE_IDENTITY_THRESHOLD_GBP = '1000.00';
export const DEFAULT_PURCHASE_REGISTER_CHECK_THRESHOLD_GBP = '1000.00';

/**
 * The seller's declaration printed above the signatures on the purchase invoice (the seller signs it).
 * `{shop}` is the shop's legal name.
 */
export const SELLER_DECLARATION = (shop: string) =>
  `I declare that I am the owner of the goods listed above, that they are free from any charge, lien or ` +
  `claim by any other person, that I have the right to sell them, and that I sell them to ${shop} for the ` +
  `price shown, which I acknowledge receiving in full.`;

// ---------------------------------------------------------------- refusals (400 fields, 409 rules)
export const PURCHASE_NO_LINE = 'A purchase needs at least one item.';
export const PURCHASE_NO_PAYMENT = 'A purchase needs at least one payment out.';
export const PURCHASE_NOT_BALANCED = (total: string, paid: string) =>
  `The payments (£${paid}) must equal the purchase total (£${total}).`;
export const PURCHASE_SERIAL_TWICE = 'This serial is on the purchase twice.';
export const PURCHASE_SERIAL_TAKEN = 'An item with this serial is already in stock.';
export const PURCHASE_SELLER_UNKNOWN = 'No client with this id.';
/** Add Item: a seller named while credit or debt lines name a different client. */
export const ITEM_SELLER_WITHOUT_PURCHASE =
  'A seller is named only for an item bought with purchase transactions.';
export const ITEM_SELLER_NOT_ON_LINES =
  'The seller must be the client named on the credit and debt lines, or left empty.';
export const PURCHASE_CHECK_NOT_WATCH = 'A stolen-goods register check is recorded for watches only.';
/** 409: due diligence missing, naming the line (1-based, as on the form) and what is missing. */
export const PURCHASE_IDENTITY_MISSING = (threshold: string) =>
  `The seller's identity document must be on file for a purchase of £${threshold} or more ` +
  `(Money Laundering Regulations 2017, reg. 28): add it to the client's KYC documents first.`;
export const PURCHASE_REGISTER_CHECK_MISSING = (line: number, what: string, threshold: string) =>
  `Line ${line} (${what}): a stolen-goods register check is required for a watch of £${threshold} or more.`;
export const PURCHASE_REGISTER_FLAGGED = (line: number, what: string) =>
  `Line ${line} (${what}): the register check is flagged — the watch is reported lost or stolen and cannot be bought.`;
export const PURCHASE_NOT_VOIDABLE = 'This purchase has already been voided.';
export const PURCHASE_ITEM_GONE = (stockNumber: number, status: string) =>
  `Stock number ${stockNumber} is no longer in stock (${status}): it cannot be voided out of stock.`;
export const PURCHASE_CERTIFICATE_TYPE = 'The certificate must be a PDF, JPEG or PNG file.';
export const PURCHASE_NO_CHECK = 'This line has no register check to attach a certificate to.';
