import {
  INVALID_EMAIL,
  INVALID_HVD_NUMBER,
  isValidEmail,
  parseHvdNumber,
  isVatStagger,
  LABEL_PRICE_MODES,
  LAYAWAY_CANCEL_POLICIES,
  type LabelPriceMode,
  type LayawayCancelPolicy,
  type ShopSettings,
  type ShopSettingsUpdate,
  VAT_STAGGER_LABELS,
  VAT_STAGGERS,
} from '@loupe/contracts';
import { parseDecimal } from '@loupe/platform';

/** The form's fields, as the API names them (ShopSettingsUpdate), in the order they appear. */
export const SETTINGS_FIELDS = [
  'legalName',
  'tradingName',
  'address',
  'phone',
  'email',
  'vatNumber',
  'companyNumber',
  'hvdRegistrationNumber',
  'invoiceFooter',
  'approvalTerms',
  'workshopTerms',
  'invoicePrefix',
  'creditNotePrefix',
  'timezone',
  'amlEurGbpRate',
  'labelPrice',
  'priceCodeKey',
  'layawayCancelPolicy',
  'purchaseIdentityThresholdGbp',
  'purchaseRegisterCheckThresholdGbp',
  'vatStagger',
] as const satisfies readonly (keyof ShopSettingsUpdate)[];
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** What the form holds, as typed: every field a string (the rate stays the decimal text until the server parses it). */
export type SettingsValues = Record<SettingsField, string> & {
  labelPrice: LabelPriceMode;
  layawayCancelPolicy: LayawayCancelPolicy;
  /** "VAT quarters end in" (issue 22): the HMRC stagger as the select holds it, '1', '2' or '3'. */
  vatStagger: VatStaggerOption;
  /** "Silver sees costs and profit" (issue 21): a switch, not text. */
  silverSeesCosts: boolean;
};

export const LABEL_PRICE_LABELS: Record<LabelPriceMode, string> = {
  retail: 'Retail price',
  code: 'Price code',
  none: 'No price',
};
export { LABEL_PRICE_MODES };

/** What a cancelled layaway (issue 20) does with the money the client paid towards it. */
export const LAYAWAY_CANCEL_LABELS: Record<LayawayCancelPolicy, string> = {
  refund: 'Refund',
  forfeit: 'Forfeit',
};
export { LAYAWAY_CANCEL_POLICIES };

/**
 * HMRC's VAT staggers (VAT Notice 700/12) as the "VAT quarters end in" select offers them: the months, then the
 * stagger's number (as the shop's VAT registration certificate and HMRC's letters give it).
 */
export const VAT_STAGGER_OPTIONS = VAT_STAGGERS.map(String) as ['1', '2', '3'];
export type VatStaggerOption = (typeof VAT_STAGGER_OPTIONS)[number];
export const VAT_STAGGER_OPTION_LABELS = Object.fromEntries(
  VAT_STAGGERS.map((s) => [String(s), `${VAT_STAGGER_LABELS[s]} (stagger ${s})`]),
) as Record<VatStaggerOption, string>;

export function settingsValues(settings: ShopSettings): SettingsValues {
  return {
    legalName: settings.legalName,
    tradingName: settings.tradingName,
    address: settings.address,
    phone: settings.phone,
    email: settings.email,
    vatNumber: settings.vatNumber,
    companyNumber: settings.companyNumber,
    hvdRegistrationNumber: settings.hvdRegistrationNumber ?? '',
    invoiceFooter: settings.invoiceFooter,
    approvalTerms: settings.approvalTerms,
    workshopTerms: settings.workshopTerms ?? '',
    invoicePrefix: settings.invoicePrefix,
    creditNotePrefix: settings.creditNotePrefix,
    timezone: settings.timezone,
    amlEurGbpRate: String(settings.amlEurGbpRate),
    labelPrice: settings.labelPrice,
    priceCodeKey: settings.priceCodeKey,
    layawayCancelPolicy: settings.layawayCancelPolicy,
    silverSeesCosts: settings.silverSeesCosts,
    purchaseIdentityThresholdGbp: settings.purchaseIdentityThresholdGbp.toFixed(2),
    purchaseRegisterCheckThresholdGbp: settings.purchaseRegisterCheckThresholdGbp.toFixed(2),
    vatStagger: String(settings.vatStagger ?? 1) as VatStaggerOption,
  };
}

/** Every field is sent: the form shows them all, so what is on screen is what is saved. */
export function settingsBody(values: SettingsValues): ShopSettingsUpdate {
  const body: ShopSettingsUpdate = {};
  for (const name of SETTINGS_FIELDS) {
    if (name !== 'layawayCancelPolicy' && name !== 'vatStagger') body[name] = values[name].trim();
  }
  const stagger = Number(values.vatStagger);
  if (isVatStagger(stagger)) body.vatStagger = stagger;
  body.layawayCancelPolicy = values.layawayCancelPolicy;
  body.priceCodeKey = values.priceCodeKey.trim().toUpperCase();
  body.silverSeesCosts = values.silverSeesCosts;
  return body;
}

const PREFIX = /^[A-Z0-9/_-]{1,12}$/;
const RATE_DECIMALS = 6;

/**
 * What the browser can tell before sending (the service checks everything again, and its messages win):
 * the prefixes, the rate and the price code letters, whose mistakes would print on every document.
 */
export function validateSettings(values: SettingsValues): Partial<Record<SettingsField, string>> {
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const [name, label] of [
    ['invoicePrefix', 'Invoice number prefix'],
    ['creditNotePrefix', 'Credit note prefix'],
  ] as const) {
    const prefix = values[name].trim();
    if (!prefix) errors[name] = `${label} is required.`;
    else if (!PREFIX.test(prefix)) {
      errors[name] = `${label}: 1 to 12 capital letters, digits, -, / or _.`;
    }
  }
  const rate = values.amlEurGbpRate.trim();
  const parsed = rate ? parseDecimal(rate) : null;
  if (!rate) errors.amlEurGbpRate = 'The EUR/GBP rate is required.';
  else if (!parsed || parsed.lte(0))
    errors.amlEurGbpRate = 'The EUR/GBP rate must be a number greater than zero.';
  else if ((rate.split('.')[1] ?? '').length > RATE_DECIMALS) {
    errors.amlEurGbpRate = `The EUR/GBP rate can have at most ${RATE_DECIMALS} decimal places.`;
  }
  // Issue 22: the buy-in due-diligence thresholds, pounds of 0 or more (0: always asked).
  for (const [name, label] of [
    ['purchaseIdentityThresholdGbp', 'The identity threshold'],
    ['purchaseRegisterCheckThresholdGbp', 'The register check threshold'],
  ] as const) {
    const amount = values[name].trim();
    const value = amount ? parseDecimal(amount) : null;
    if (!amount) errors[name] = `${label} is required.`;
    else if (!value || value.lt(0)) errors[name] = `${label} must be an amount of £0 or more.`;
  }
  const key = values.priceCodeKey.trim().toUpperCase();
  if (key || values.labelPrice === 'code') {
    if (!/^[A-Z]{10}$/.test(key) || new Set(key).size !== 10) {
      errors.priceCodeKey = 'Enter ten different letters.';
    }
  }
  if (values.email.trim() && !isValidEmail(values.email.trim())) errors.email = INVALID_EMAIL;
  // Issue 25: HMRC's AML supervision registration, as HMRC prints it (or nothing yet).
  if (parseHvdNumber(values.hvdRegistrationNumber) === null)
    errors.hvdRegistrationNumber = INVALID_HVD_NUMBER;
  return errors;
}

/** The time zones the browser knows (IANA names), with the shop's own first added when the list lacks it. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !known.includes(current) ? [current, ...known] : known;
}
