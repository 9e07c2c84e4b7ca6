// The values and words of sales documents and compliance (issue 13) that both the service and the pages use.
// Kept apart from documents.ts, whose schemas need TypeBox, so the browser entry (browser.ts) carries them.

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ['issued', 'credited'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_VARIANTS = ['invoice', 'receipt'] as const;
export type InvoiceVariant = (typeof INVOICE_VARIANTS)[number];
export const VAT_TREATMENTS = ['margin', 'standard', 'none'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];
/** An invoice's treatment: its lines' one treatment, or 'mixed' when a deal has margin-scheme and standard-rated
 * lines on one invoice (issue 20; VAT Notice 718 allows both on one invoice, each line saying which). */
export const INVOICE_VAT_TREATMENTS = [...VAT_TREATMENTS, 'mixed'] as const;
export type InvoiceVatTreatment = (typeof INVOICE_VAT_TREATMENTS)[number];
/** An item's VAT scheme, set at purchase: margin (second-hand, the default) or standard. */
export const VAT_SCHEMES = ['margin', 'standard'] as const;
export type VatScheme = (typeof VAT_SCHEMES)[number];
export const LABEL_PRICE_MODES = ['retail', 'code', 'none'] as const;
export type LabelPriceMode = (typeof LABEL_PRICE_MODES)[number];

export const AML_OUTCOMES = ['flagged', 'refused'] as const;
export type AmlOutcome = (typeof AML_OUTCOMES)[number];
/** deal: a deal's cash in; payout: cash the shop pays out (a part-exchange, a refund), which the high-value dealer
 * rule counts too (issue 20). */
export const AML_PAYMENT_KINDS = ['item_sale', 'quick_sale', 'payment', 'deal', 'payout'] as const;
export type AmlPaymentKind = (typeof AML_PAYMENT_KINDS)[number];
/** What customer due diligence lacks: no client record at all, no identity document, no verification. */
export const CDD_MISSING = ['client', 'identity_document', 'verification'] as const;
export type CddMissing = (typeof CDD_MISSING)[number];
/** How the compliance page and its CSV name each kind of cash payment and each missing due-diligence step. */
export const AML_KIND_LABELS: Record<AmlPaymentKind, string> = {
  item_sale: 'Item sale',
  quick_sale: 'Quick sale',
  payment: 'Payment received',
  deal: 'Deal',
  payout: 'Cash paid out',
};
export const CDD_MISSING_LABELS: Record<CddMissing, string> = {
  client: 'Client record',
  identity_document: 'Identity document',
  verification: 'Verification',
};

/** The wording UK law requires on a margin scheme invoice (VAT Notice 718). */
export const MARGIN_SCHEME_WORDING = 'Margin scheme – second-hand goods';
/** The high-value dealer cash threshold (Money Laundering Regulations 2017, reg. 14 and 27). */
export const AML_THRESHOLD_EUR = 10000;
export const AML_LINK_DAYS = 90;
export const LOGO_MAX_BYTES = 1024 * 1024;

/** The 403 detail, and the reason silver members read beside the disabled Verify button. */
export const CDD_NOT_ALLOWED = 'Only platinum and gold members can record a verification.';
/** The 403 detail of the compliance report for silver. */
export const COMPLIANCE_NOT_ALLOWED = 'Only platinum and gold members can see the compliance report.';
export const SETTINGS_NOT_ALLOWED = 'Only the shop owner (platinum) can change the shop settings.';

const MISSING_WORDS: Record<CddMissing, string> = {
  client: 'a client record for the buyer',
  identity_document: 'an identity document on file',
  verification: 'a verification record (verified by / on)',
};

/**
 * The AML refusal's detail: names the rule and what is missing, e.g.
 * "Cash of €10,000 or more needs customer due diligence (high-value dealer rule: one payment or linked cash
 * payments from one client within 90 days). Missing: an identity document on file, a verification record
 * (verified by / on)."
 */
export function amlRefusalDetail(missing: readonly CddMissing[]): string {
  const words = missing.map((m) => MISSING_WORDS[m]).join(', ');
  return (
    'Cash of €10,000 or more needs customer due diligence (high-value dealer rule: one payment or linked cash ' +
    `payments from one client within ${AML_LINK_DAYS} days). Missing: ${words}.`
  );
}
