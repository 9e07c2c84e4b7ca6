import {
  DEFAULT_WORKSHOP_TERMS,
  type LayawayCancelPolicy,
  type LabelPriceMode,
  type ShopSettings,
  type VatStagger,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** The values a save writes (timezone goes to shops.timezone, the rest to shop_settings). */
export interface SettingsValues {
  legalName: string;
  tradingName: string;
  address: string;
  phone: string;
  email: string;
  vatNumber: string;
  companyNumber: string;
  invoiceFooter: string;
  approvalTerms: string;
  /** Issue 23: null keeps (or brings back) the default terms. */
  workshopTerms: string | null;
  invoicePrefix: string;
  creditNotePrefix: string;
  timezone: string;
  amlEurGbpRate: string;
  labelPrice: LabelPriceMode;
  priceCodeKey: string;
  layawayCancelPolicy: LayawayCancelPolicy;
  silverSeesCosts: boolean;
  /** Due diligence at buy-in (issue 22): pounds as exact decimal text. */
  purchaseIdentityThresholdGbp: string;
  purchaseRegisterCheckThresholdGbp: string;
  /** "VAT quarters end in" (issue 22): the shop's HMRC stagger. */
  vatStagger: VatStagger;
  /** HMRC's AML supervision registration (issue 25), as HMRC prints it, or ''. */
  hvdRegistrationNumber: string;
}

export interface StoredLogo {
  storageKey: string;
  contentType: string;
  size: number;
}

interface SettingsRecord {
  shop_id: number;
  shop_name: string;
  timezone: string;
  legal_name: string | null;
  trading_name: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  vat_number: string | null;
  company_number: string | null;
  invoice_footer: string | null;
  approval_terms: string | null;
  workshop_terms: string | null;
  invoice_prefix: string | null;
  credit_note_prefix: string | null;
  aml_eur_gbp_rate: string | null;
  label_price: LabelPriceMode | null;
  price_code_key: string | null;
  layaway_cancel_policy: LayawayCancelPolicy | null;
  silver_sees_costs: boolean | null;
  purchase_identity_threshold_gbp: string | null;
  purchase_register_check_threshold_gbp: string | null;
  vat_stagger: number | null;
  hvd_registration_number: string | null;
  updated_at: Date | string | null;
  updated_by_name: string | null;
  logo_type: string | null;
  logo_size: number | null;
}

/**
 * The shop's own details for its documents: shop_settings over shops (migration 013). A shop that never saved
 * them reads the columns' defaults, so every reader sees one complete set.
 */
export class SettingsRepository {
  constructor(private readonly db: Queryable) {}

  async find(shopId: number, lock = false): Promise<ShopSettings | null> {
    const rows = await this.db.query<SettingsRecord>(
      `SELECT s.id AS shop_id, s.name AS shop_name, s.timezone, ss.legal_name, ss.trading_name, ss.address,
              ss.phone, ss.email, ss.vat_number, ss.company_number, ss.invoice_footer, ss.approval_terms,
              ss.invoice_prefix, ss.credit_note_prefix, trim_scale(ss.aml_eur_gbp_rate)::text AS aml_eur_gbp_rate,
              ss.label_price, ss.price_code_key, ss.layaway_cancel_policy, ss.silver_sees_costs, ss.updated_at, u.username AS updated_by_name,
              ss.purchase_identity_threshold_gbp::text AS purchase_identity_threshold_gbp,
              ss.purchase_register_check_threshold_gbp::text AS purchase_register_check_threshold_gbp,
              ss.vat_stagger, ss.hvd_registration_number, ss.workshop_terms,
              l.content_type AS logo_type, l.size_bytes AS logo_size
         FROM shop_directory s
         LEFT JOIN shop_settings ss ON ss.shop_id = s.id
         LEFT JOIN user_directory u ON u.id = ss.updated_by
         LEFT JOIN shop_logos l ON l.shop_id = s.id
        WHERE s.id = $1${lock ? ' FOR UPDATE OF s' : ''}`,
      [shopId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      shopId: r.shop_id,
      shopName: r.shop_name,
      legalName: r.legal_name ?? '',
      tradingName: r.trading_name ?? '',
      address: r.address ?? '',
      phone: r.phone ?? '',
      email: r.email ?? '',
      vatNumber: r.vat_number ?? '',
      companyNumber: r.company_number ?? '',
      invoiceFooter: r.invoice_footer ?? '',
      approvalTerms: r.approval_terms ?? '',
      workshopTerms: r.workshop_terms ?? DEFAULT_WORKSHOP_TERMS,
      invoicePrefix: r.invoice_prefix ?? 'INV-',
      creditNotePrefix: r.credit_note_prefix ?? 'CN-',
      timezone: r.timezone,
      amlEurGbpRate: Number(r.aml_eur_gbp_rate ?? '0.85'),
      labelPrice: r.label_price ?? 'retail',
      priceCodeKey: r.price_code_key ?? '',
      layawayCancelPolicy: r.layaway_cancel_policy ?? 'refund',
      silverSeesCosts: r.silver_sees_costs ?? false,
      // Migration 022's defaults when the shop saved nothing.
      purchaseIdentityThresholdGbp: Number(r.purchase_identity_threshold_gbp ?? '1000'),
      purchaseRegisterCheckThresholdGbp: Number(r.purchase_register_check_threshold_gbp ?? '1000'),
      // Migration 026's default: calendar quarters.
      vatStagger: (r.vat_stagger ?? 1) as VatStagger,
      hvdRegistrationNumber: r.hvd_registration_number ?? '',
      logo: r.logo_type === null ? null : { contentType: r.logo_type, size: r.logo_size ?? 0 },
      updatedAt: r.updated_at === null ? null : new Date(r.updated_at).toISOString(),
      updatedBy: r.updated_by_name,
    };
  }

  async save(shopId: number, values: SettingsValues, userId: number, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO shop_settings (shop_id, legal_name, trading_name, address, phone, email, vat_number,
                                  company_number, invoice_footer, approval_terms, invoice_prefix,
                                  credit_note_prefix, aml_eur_gbp_rate, label_price, price_code_key, updated_by,
                                  updated_at, layaway_cancel_policy, silver_sees_costs,
                                  purchase_identity_threshold_gbp, purchase_register_check_threshold_gbp,
                                  vat_stagger, hvd_registration_number, workshop_terms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::numeric, $14, $15, $16, $17, $18, $19,
               $20::numeric, $21::numeric, $22, $23, $24)
       ON CONFLICT (shop_id) DO UPDATE SET
         legal_name = EXCLUDED.legal_name, trading_name = EXCLUDED.trading_name, address = EXCLUDED.address,
         phone = EXCLUDED.phone, email = EXCLUDED.email, vat_number = EXCLUDED.vat_number,
         company_number = EXCLUDED.company_number, invoice_footer = EXCLUDED.invoice_footer,
         approval_terms = EXCLUDED.approval_terms, invoice_prefix = EXCLUDED.invoice_prefix,
         credit_note_prefix = EXCLUDED.credit_note_prefix, aml_eur_gbp_rate = EXCLUDED.aml_eur_gbp_rate,
         label_price = EXCLUDED.label_price, price_code_key = EXCLUDED.price_code_key,
         layaway_cancel_policy = EXCLUDED.layaway_cancel_policy, silver_sees_costs = EXCLUDED.silver_sees_costs,
         purchase_identity_threshold_gbp = EXCLUDED.purchase_identity_threshold_gbp,
         purchase_register_check_threshold_gbp = EXCLUDED.purchase_register_check_threshold_gbp,
         vat_stagger = EXCLUDED.vat_stagger, hvd_registration_number = EXCLUDED.hvd_registration_number,
         workshop_terms = EXCLUDED.workshop_terms,
         updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [
        shopId,
        values.legalName,
        values.tradingName,
        values.address,
        values.phone,
        values.email,
        values.vatNumber,
        values.companyNumber,
        values.invoiceFooter,
        values.approvalTerms,
        values.invoicePrefix,
        values.creditNotePrefix,
        values.amlEurGbpRate,
        values.labelPrice,
        values.priceCodeKey,
        userId,
        at,
        values.layawayCancelPolicy,
        values.silverSeesCosts,
        values.purchaseIdentityThresholdGbp,
        values.purchaseRegisterCheckThresholdGbp,
        values.vatStagger,
        values.hvdRegistrationNumber,
        values.workshopTerms,
      ],
    );
  }

  /** Marks the settings saved now by `userId` (a logo change), creating the row with defaults if needed. */
  async touch(shopId: number, userId: number, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO shop_settings (shop_id, updated_by, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (shop_id) DO UPDATE SET updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [shopId, userId, at],
    );
  }

  async logo(shopId: number): Promise<StoredLogo | null> {
    const rows = await this.db.query<{ storage_key: string; content_type: string; size_bytes: number }>(
      'SELECT storage_key, content_type, size_bytes FROM shop_logos WHERE shop_id = $1',
      [shopId],
    );
    const r = rows[0];
    return r ? { storageKey: r.storage_key, contentType: r.content_type, size: r.size_bytes } : null;
  }

  /** Replaces the shop's logo row (the old row's delete trigger removes its bytes); → the old key, if any. */
  async replaceLogo(shopId: number, logo: StoredLogo, userId: number, at: Date): Promise<StoredLogo | null> {
    const old = await this.logo(shopId);
    await this.db.query('DELETE FROM shop_logos WHERE shop_id = $1', [shopId]);
    await this.db.query(
      `INSERT INTO shop_logos (shop_id, storage_key, content_type, size_bytes, uploaded_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [shopId, logo.storageKey, logo.contentType, logo.size, userId, at],
    );
    return old;
  }

  async deleteLogo(shopId: number): Promise<StoredLogo | null> {
    const old = await this.logo(shopId);
    if (old) await this.db.query('DELETE FROM shop_logos WHERE shop_id = $1', [shopId]);
    return old;
  }
}
