import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_WORKSHOP_TERMS,
  INVALID_HVD_NUMBER,
  INVALID_VAT_STAGGER,
  isVatStagger,
  parseHvdNumber,
  type LayawayCancelPolicy,
  LABEL_PRICE_MODES,
  LOGO_MAX_BYTES,
  SETTINGS_NOT_ALLOWED,
  type LabelPriceMode,
  type ShopSettings,
  type ShopSettingsUpdate,
} from '@loupe/contracts';
import type { DocumentsContext } from './deps';
import { fileKeyFor } from '../../config';
import { FileStore, NO_FILE, type UploadRules } from '../../kernel/file-storage';
import { notFound } from '../../kernel/http-errors';
import { parseDecimal } from '../../kernel/money';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, INVALID_EMAIL, isValidEmail, text } from '../../kernel/validation';
import { INVALID_PHONE, isValidPhone } from '../clients';
import type { SettingsValues } from './settings-repository';

export const INVALID_VAT_NUMBER = 'Enter a UK VAT number: GB followed by 9 or 12 digits.';
export const INVALID_COMPANY_NUMBER = 'Enter a company number: 8 digits, or 2 letters and 6 digits.';
export const INVALID_PREFIX = 'Use 1 to 12 capital letters, digits, -, / or _.';
export const INVALID_TIME_ZONE = 'Enter a time zone such as Europe/London.';
export const INVALID_RATE = 'Enter a rate above 0 with at most 6 decimals (GBP per 1 EUR, e.g. 0.85).';
export const INVALID_PRICE_CODE = 'Enter ten different letters, one for each digit 1234567890.';
export const PRICE_CODE_REQUIRED = 'Give the ten letters of the price code to print prices as a code.';
const NOT_A_LOGO = 'Upload a PNG or JPEG image.';

/** Logos: a PNG or JPEG by content, at most 1 MB. */
const LOGO_FILES: UploadRules = {
  maxBytes: LOGO_MAX_BYTES,
  tooLarge: `The logo is too large (the limit is ${LOGO_MAX_BYTES / (1024 * 1024)} MB).`,
  sniff: (head) => {
    const png = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    if (png) return 'image/png';
    return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff ? 'image/jpeg' : null;
  },
  notAccepted: NOT_A_LOGO,
  defaultName: 'logo',
  misnamedPart: NO_FILE,
};

/** The workshop terms to store: null for blank or the default itself (the shop then keeps the default's text). */
const workshopTerms = (terms: string): string | null =>
  terms === '' || terms === DEFAULT_WORKSHOP_TERMS ? null : terms;

const VAT_NUMBER = /^GB(\d{9}|\d{12})$/;
const COMPANY_NUMBER = /^(\d{8}|[A-Z]{2}\d{6})$/;
const PREFIX = /^[A-Z0-9/_-]{1,12}$/;

function isBrowserTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What the audit keeps of the settings: everything saved, not the logo's bytes or the bookkeeping. */
function auditView(settings: ShopSettings) {
  const { shopId: _shop, shopName: _name, updatedAt: _at, updatedBy: _by, logo: _logo, ...saved } = settings;
  return saved;
}

/** The shop's own details (issue 13): read by every member, changed by the owner (platinum), audited. */
export class SettingsService {
  readonly logoFiles: FileStore;

  constructor(private readonly ctx: DocumentsContext) {
    this.logoFiles = new FileStore(ctx.db, fileKeyFor(ctx.config.fileKey), LOGO_FILES);
  }

  async get(shopId: number): Promise<ShopSettings> {
    const settings = await this.ctx.repos.settings.find(shopId);
    if (!settings) throw notFound();
    return settings;
  }

  private static owner(caller: ShopCaller): void {
    requireAction(caller, 'editSettings', SETTINGS_NOT_ALLOWED);
  }

  /** The values a save writes: the body over what is saved now, checked field by field (DRF-shaped 400s). */
  private async parse(body: ShopSettingsUpdate, current: ShopSettings): Promise<SettingsValues> {
    const bag = new ErrorBag();
    const pick = (value: string | undefined, kept: string) => text(value) ?? kept;
    const email = pick(body.email, current.email);
    if (email !== '' && !isValidEmail(email)) bag.add('email', INVALID_EMAIL);
    const phone = pick(body.phone, current.phone);
    if (phone !== '' && !isValidPhone(phone)) bag.add('phone', INVALID_PHONE);
    // Stored as HMRC prints them: capitals, no spaces.
    const vatNumber = pick(body.vatNumber, current.vatNumber).replace(/\s+/g, '').toUpperCase();
    if (vatNumber !== '' && !VAT_NUMBER.test(vatNumber)) bag.add('vatNumber', INVALID_VAT_NUMBER);
    const companyNumber = pick(body.companyNumber, current.companyNumber).replace(/\s+/g, '').toUpperCase();
    if (companyNumber !== '' && !COMPANY_NUMBER.test(companyNumber)) {
      bag.add('companyNumber', INVALID_COMPANY_NUMBER);
    }
    const prefix = (field: 'invoicePrefix' | 'creditNotePrefix') => {
      const value = pick(body[field], current[field]).toUpperCase();
      if (!PREFIX.test(value)) bag.add(field, INVALID_PREFIX);
      return value;
    };
    const invoicePrefix = prefix('invoicePrefix');
    const creditNotePrefix = prefix('creditNotePrefix');
    const timezone = pick(body.timezone, current.timezone);
    if (!isBrowserTimeZone(timezone) || !(await this.ctx.repos.memberships.isKnownTimeZone(timezone))) {
      bag.add('timezone', INVALID_TIME_ZONE);
    }
    let amlEurGbpRate = String(current.amlEurGbpRate);
    if (body.amlEurGbpRate !== undefined) {
      const parsed = parseDecimal(body.amlEurGbpRate, { maxDecimals: 6, maxWholeDigits: 6 });
      if ('error' in parsed || Number(parsed.value) <= 0) bag.add('amlEurGbpRate', INVALID_RATE);
      else amlEurGbpRate = parsed.value;
    }
    // Issue 22: the due-diligence thresholds of a buy-in, pounds ≥ 0 (0: always asked).
    const threshold = (field: 'purchaseIdentityThresholdGbp' | 'purchaseRegisterCheckThresholdGbp') => {
      const kept = current[field].toFixed(2);
      const value = body[field];
      if (value === undefined) return kept;
      const parsed = parseDecimal(value, { maxDecimals: 2, maxWholeDigits: 12, allowZero: true });
      if ('error' in parsed) {
        bag.add(field, parsed.error);
        return kept;
      }
      return parsed.value;
    };
    const purchaseIdentityThresholdGbp = threshold('purchaseIdentityThresholdGbp');
    const purchaseRegisterCheckThresholdGbp = threshold('purchaseRegisterCheckThresholdGbp');
    // Issue 22: the shop's HMRC VAT stagger (VAT Notice 700/12), 1, 2 or 3.
    const vatStagger = body.vatStagger ?? current.vatStagger;
    if (!isVatStagger(vatStagger)) bag.add('vatStagger', INVALID_VAT_STAGGER);
    // Issue 25: HMRC's AML supervision registration (MLR 2017 reg. 56), printed on the compliance summary.
    let hvdRegistrationNumber = current.hvdRegistrationNumber;
    if (body.hvdRegistrationNumber !== undefined) {
      const parsed = parseHvdNumber(body.hvdRegistrationNumber);
      if (parsed === null) bag.add('hvdRegistrationNumber', INVALID_HVD_NUMBER);
      else hvdRegistrationNumber = parsed;
    }
    const labelPrice = pick(body.labelPrice, current.labelPrice);
    if (!(LABEL_PRICE_MODES as readonly string[]).includes(labelPrice)) {
      bag.add('labelPrice', `"${labelPrice}" is not a valid choice.`);
    }
    const priceCodeKey = pick(body.priceCodeKey, current.priceCodeKey).toUpperCase();
    if (priceCodeKey !== '' && !(/^[A-Z]{10}$/.test(priceCodeKey) && new Set(priceCodeKey).size === 10)) {
      bag.add('priceCodeKey', INVALID_PRICE_CODE);
    } else if (labelPrice === 'code' && priceCodeKey === '') {
      bag.add('priceCodeKey', PRICE_CODE_REQUIRED);
    }
    bag.throwIfAny();
    return {
      legalName: pick(body.legalName, current.legalName),
      tradingName: pick(body.tradingName, current.tradingName),
      // Multi-line texts keep their inner layout; only the ends are trimmed.
      address: pick(body.address, current.address),
      phone,
      email,
      vatNumber,
      companyNumber,
      invoiceFooter: pick(body.invoiceFooter, current.invoiceFooter),
      approvalTerms: pick(body.approvalTerms, current.approvalTerms),
      // Issue 23: blank (or the default's very words) stores null, so the shop follows the default terms.
      workshopTerms: workshopTerms(pick(body.workshopTerms, current.workshopTerms)),
      invoicePrefix,
      creditNotePrefix,
      timezone,
      amlEurGbpRate,
      labelPrice: labelPrice as LabelPriceMode,
      priceCodeKey,
      // Issue 20: a cancelled layaway's money is refunded or kept (the schema admits only the two choices).
      layawayCancelPolicy: pick(body.layawayCancelPolicy, current.layawayCancelPolicy) as LayawayCancelPolicy,
      // Issue 21: whether silver members see costs and profit (contracts' permission map reads it).
      silverSeesCosts: body.silverSeesCosts ?? current.silverSeesCosts,
      purchaseIdentityThresholdGbp,
      purchaseRegisterCheckThresholdGbp,
      vatStagger: isVatStagger(vatStagger) ? vatStagger : current.vatStagger,
      hvdRegistrationNumber,
    };
  }

  async update(caller: ShopCaller, body: ShopSettingsUpdate): Promise<ShopSettings> {
    SettingsService.owner(caller);
    const { shopId, userId } = caller;
    const values = await this.parse(body, await this.get(shopId));
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ settings, memberships, audit }) => {
      // The shop row's lock orders two saves: each audits the settings it really replaced.
      const before = (await settings.find(shopId, true)) as ShopSettings;
      // The time zone is the shop's own (shops owns it); the rest is the documents' settings.
      await memberships.setTimeZone(shopId, values.timezone);
      await settings.save(shopId, values, userId, now);
      const after = (await settings.find(shopId)) as ShopSettings;
      await audit.record({
        shopId,
        userId,
        entity: 'shop_settings',
        entityId: shopId,
        action: 'update',
        before: auditView(before),
        after: auditView(after),
        at: now,
      });
      return after;
    });
  }

  async uploadLogo(caller: ShopCaller, request: FastifyRequest): Promise<ShopSettings> {
    SettingsService.owner(caller);
    const { shopId, userId } = caller;
    return this.logoFiles.receive(request, async (upload) => {
      const now = this.ctx.now();
      return this.ctx.transaction(async ({ settings, audit }) => {
        await settings.find(shopId, true);
        // The old logo's row goes, and its stored bytes with it (migration 013's trigger).
        await settings.replaceLogo(
          shopId,
          { storageKey: upload.storageKey, contentType: upload.contentType, size: upload.size },
          userId,
          now,
        );
        await settings.touch(shopId, userId, now);
        await audit.record({
          shopId,
          userId,
          entity: 'shop_settings',
          entityId: shopId,
          action: 'upload_logo',
          after: { name: upload.name, contentType: upload.contentType, size: upload.size },
          at: now,
        });
        return (await settings.find(shopId)) as ShopSettings;
      });
    });
  }

  async deleteLogo(caller: ShopCaller): Promise<ShopSettings> {
    SettingsService.owner(caller);
    const { shopId, userId } = caller;
    const now = this.ctx.now();
    return this.ctx.transaction(async ({ settings, audit }) => {
      await settings.find(shopId, true);
      const removed = await settings.deleteLogo(shopId);
      if (!removed) throw notFound();
      await settings.touch(shopId, userId, now);
      await audit.record({
        shopId,
        userId,
        entity: 'shop_settings',
        entityId: shopId,
        action: 'delete_logo',
        before: { contentType: removed.contentType, size: removed.size },
        at: now,
      });
      return (await settings.find(shopId)) as ShopSettings;
    });
  }
}
