import {
  STOCK_SETTLEMENT_METHODS,
  postalAddressLines,
  type Currency,
  type Intake,
  type PaymentMethod,
  type Purchase,
  type PurchaseLine,
  type PurchasePayment,
  type PurchaseSource,
  type RegisterCheckInput,
  type SellerKind,
  type StockType,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { sumPounds } from '../../kernel/money';
import type { ItemFormPurchase, ItemFormPurchases } from '../inventory';
import type { SellerBlock } from '../../kernel/pdf';
import { readShopLetterhead } from '../documents';
import { nextDocumentNumber } from '../sales';

/** The seller as the purchase needs them: name, postal address parts and whether an identity paper is on file. */
export interface Seller {
  id: number;
  name: string;
  addressLine1: string;
  addressLine2: string;
  town: string;
  postcode: string;
  country: string;
  documentsOnFile: number;
}

/** The shop's due-diligence rules and the purchase number's prefix (Shop Settings; defaults when none saved). */
export interface PurchaseRules {
  identityThresholdGbp: string;
  registerCheckThresholdGbp: string;
  prefix: string;
}

export interface NewPurchase {
  shopId: number;
  number: number;
  reference: string;
  date: string;
  /** Null only for an item-form purchase whose seller is not on file. */
  seller: Pick<Seller, 'id' | 'name'> | null;
  sellerAddress: string;
  sellerKind: SellerKind;
  totalGbp: string;
  notes: string;
  userId: number;
  at: Date;
  source?: PurchaseSource;
}

export interface NewPurchaseLine {
  itemId: number;
  stockNumber: number;
  stockType: StockType;
  brand: string;
  model: string;
  serial: string;
  description: string;
  priceGbp: string;
  intake: Intake;
  registerCheck: RegisterCheckInput | null;
}

export interface NewPurchasePayment {
  method: PaymentMethod;
  amount: string;
  currency: Currency;
  exchangeRate: string;
}

export interface PurchaseFilter {
  from: string | null;
  to: string | null;
  sellerId: number | null;
  status: 'completed' | 'voided' | null;
  source?: PurchaseSource | null;
}

/** A stored certificate of a line's register check. */
export interface CertificateRef {
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
}

interface PurchaseRow {
  id: number;
  number: number;
  reference: string;
  status: 'completed' | 'voided';
  purchased_on: string;
  seller_client_id: number | null;
  seller_name: string;
  seller_address: string;
  seller_kind: SellerKind;
  total_gbp: string;
  source: PurchaseSource;
  voided_on: string | null;
  void_reason: string;
  notes: string;
  created_by: string | null;
  created_at: Date | string;
}

const PURCHASE_COLUMNS = `p.id::int AS id, p.number, p.reference, p.status, p.purchased_on::text AS purchased_on,
       p.seller_client_id, p.seller_name, p.seller_address, p.seller_kind, p.total_gbp::text AS total_gbp,
       p.voided_on::text AS voided_on, p.void_reason, p.notes, u.username AS created_by, p.created_at, p.source`;

/** The seller's postal address as the purchase prints it, one line per line (contracts' postalAddressLines). */
export const sellerAddressOf = (seller: Seller): string =>
  postalAddressLines({
    addressLine1: seller.addressLine1,
    addressLine2: seller.addressLine2,
    town: seller.town,
    postcode: seller.postcode,
    country: seller.country,
  }).join('\n');

/** No intake recorded (the item form has none). */
const NO_INTAKE: Intake = {
  conditionGrade: null,
  box: false,
  papers: false,
  warrantyCard: false,
  serviceHistory: false,
  extraLinks: false,
  notes: '',
};

/** The purchases module's tables (migrations 022, 025): only this repository writes them. */
export class PurchasesRepository implements ItemFormPurchases {
  constructor(private readonly db: Queryable) {}

  /**
   * Add Item's purchase (issue 22, item 1; inventory's ItemFormPurchases port), in the item's transaction: the
   * next PUR- number, the seller as on file (or none), one line — the item, its stock number, its purchase price
   * (Σ of the transactions' GBP values, net of fee) — and a payment out per transaction: cash as 'Cash' in its
   * currency and rate by its method (Cash unless the line says otherwise), credit and debt as 'Stock credit' /
   * 'Stock debt' (the ledger postings inventory made).
   * A line of amount 0 pays nothing and is left out.
   */
  async recordItemForm(p: ItemFormPurchase): Promise<{ id: number; reference: string }> {
    const rules = await this.rules(p.shopId);
    const seller = p.sellerId === null ? null : await this.seller(p.shopId, p.sellerId);
    const number = await this.nextNumber(p.shopId);
    const reference = `${rules.prefix}${String(number).padStart(6, '0')}`;
    const id = await this.insert({
      shopId: p.shopId,
      number,
      reference,
      date: p.date,
      seller,
      sellerAddress: seller ? sellerAddressOf(seller) : '',
      sellerKind: p.sellerKind,
      totalGbp: sumPounds(p.payments.map((x) => x.amountGbp)),
      notes: '',
      userId: p.userId,
      at: p.at,
      source: 'item_form',
    });
    await this.insertLines(p.shopId, id, [
      {
        itemId: p.item.id,
        stockNumber: p.item.stockNumber,
        stockType: p.item.stockType,
        brand: p.item.brand,
        model: p.item.model,
        serial: p.item.serial,
        description: p.item.description,
        priceGbp: p.item.purchasePrice,
        intake: NO_INTAKE,
        registerCheck: null,
      },
    ]);
    for (const x of p.payments) {
      if (Number(x.amount) <= 0) continue;
      await this.db.query(
        `INSERT INTO purchase_payments (shop_id, purchase_id, method, amount, currency, exchange_rate, amount_gbp,
                                        paid_on, created_by, created_at, item_transaction_id)
         VALUES ($1, $2, $3, $4::numeric, $5, $6::numeric, $7::numeric, $8::date, $9, $10, $11)`,
        [
          p.shopId,
          id,
          x.type === 'cash' ? (x.method ?? 'Cash') : STOCK_SETTLEMENT_METHODS[x.type],
          x.amount,
          x.currency,
          x.exchangeRate,
          x.amountGbp,
          p.date,
          p.userId,
          p.at,
          x.transactionId,
        ],
      );
    }
    return { id, reference };
  }

  /**
   * The ledger postings an item-form purchase's credit and debt lines made (client_ledger_entries, source
   * 'item_transaction'), not yet reversed: what its void reverses with them.
   */
  async stockSettlements(purchaseId: number): Promise<Array<{ clientId: number; entryId: number }>> {
    const rows = await this.db.query<{ client_id: number; id: string }>(
      `SELECT e.client_id, e.id
         FROM purchase_payments pp
         JOIN client_ledger_entries e ON e.source = 'item_transaction' AND e.source_id = pp.item_transaction_id
        WHERE pp.purchase_id = $1 AND pp.reversal_of IS NULL
          AND NOT EXISTS (SELECT 1 FROM client_ledger_entries r WHERE r.reversal_of = e.id)
        ORDER BY e.client_id, e.id`,
      [purchaseId],
    );
    return rows.map((r) => ({ clientId: Number(r.client_id), entryId: Number(r.id) }));
  }

  // ---------------------------------------------------------------- what a buy-in reads

  async seller(shopId: number, clientId: number): Promise<Seller | null> {
    if (!Number.isSafeInteger(clientId) || clientId < 1 || clientId > 2_147_483_647) return null;
    const rows = await this.db.query<{
      id: number;
      name: string;
      address_line1: string;
      address_line2: string;
      town: string;
      postcode: string;
      country: string;
      documents_on_file: number;
    }>(
      `SELECT id, name, address_line1, address_line2, town, postcode, country, documents_on_file
         FROM client_directory WHERE shop_id = $1 AND id = $2`,
      [shopId, clientId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: Number(r.id),
      name: r.name,
      addressLine1: r.address_line1 ?? '',
      addressLine2: r.address_line2 ?? '',
      town: r.town ?? '',
      postcode: r.postcode ?? '',
      country: r.country ?? '',
      documentsOnFile: Number(r.documents_on_file),
    };
  }

  async rules(shopId: number): Promise<PurchaseRules> {
    const rows = await this.db.query<{ identity: string; register: string; prefix: string }>(
      `SELECT purchase_identity_threshold_gbp::text AS identity,
              purchase_register_check_threshold_gbp::text AS register, purchase_prefix AS prefix
         FROM shop_document_settings WHERE shop_id = $1`,
      [shopId],
    );
    const r = rows[0];
    // The columns' defaults (migration 022) when the shop has saved no settings yet.
    return {
      identityThresholdGbp: r?.identity ?? '1000.00',
      registerCheckThresholdGbp: r?.register ?? '1000.00',
      prefix: r?.prefix ?? 'PUR-',
    };
  }

  /** The shop as its documents print it: the documents module's letterhead, as every paper reads it. */
  shopDetails(shopId: number): Promise<SellerBlock> {
    // The letterhead is a SellerBlock with the names' parts besides, which the invoice does not print.
    return readShopLetterhead(this.db, shopId);
  }

  // ---------------------------------------------------------------- writes

  /** The next purchase number of the shop: the sales module's gap-free document counter, kind 'purchase'. */
  nextNumber(shopId: number): Promise<number> {
    return nextDocumentNumber(this.db, shopId, 'purchase');
  }

  async insert(p: NewPurchase): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO purchases (shop_id, number, reference, purchased_on, seller_client_id, seller_name,
                              seller_address, seller_kind, total_gbp, notes, created_by, created_at, source)
       VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9::numeric, $10, $11, $12, $13)
       RETURNING id`,
      [
        p.shopId,
        p.number,
        p.reference,
        p.date,
        p.seller?.id ?? null,
        p.seller?.name ?? '',
        p.sellerAddress,
        p.sellerKind,
        p.totalGbp,
        p.notes,
        p.userId,
        p.at,
        p.source ?? 'buy_in',
      ],
    );
    return Number((rows[0] as { id: string }).id);
  }

  async insertLines(shopId: number, purchaseId: number, lines: readonly NewPurchaseLine[]): Promise<void> {
    for (const [position, l] of lines.entries()) {
      const rows = await this.db.query<{ id: string }>(
        `INSERT INTO purchase_lines (shop_id, purchase_id, position, item_id, stock_number, stock_type, brand, model,
                                     serial, description, price_gbp, condition_grade, with_box, with_papers,
                                     with_warranty_card, with_service_history, with_extra_links, intake_notes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::numeric, $12, $13, $14, $15, $16, $17, $18)
         RETURNING id`,
        [
          shopId,
          purchaseId,
          position,
          l.itemId,
          l.stockNumber,
          l.stockType,
          l.brand,
          l.model,
          l.serial,
          l.description,
          l.priceGbp,
          l.intake.conditionGrade,
          l.intake.box,
          l.intake.papers,
          l.intake.warrantyCard,
          l.intake.serviceHistory,
          l.intake.extraLinks,
          l.intake.notes,
        ],
      );
      const lineId = Number((rows[0] as { id: string }).id);
      if (l.registerCheck) {
        await this.db.query(
          `INSERT INTO purchase_register_checks (shop_id, purchase_line_id, provider, search_reference, checked_on,
                                                 result)
           VALUES ($1, $2, $3, $4, $5::date, $6)`,
          [
            shopId,
            lineId,
            l.registerCheck.provider,
            l.registerCheck.searchReference,
            l.registerCheck.checkedOn,
            l.registerCheck.result,
          ],
        );
      }
    }
  }

  /** The payments out; each one's GBP value round(amount × rate, 2). */
  async insertPayments(
    shopId: number,
    purchaseId: number,
    payments: readonly NewPurchasePayment[],
    date: string,
    userId: number,
    at: Date,
  ): Promise<void> {
    for (const p of payments) {
      await this.db.query(
        `INSERT INTO purchase_payments (shop_id, purchase_id, method, amount, currency, exchange_rate, amount_gbp,
                                        paid_on, created_by, created_at)
         VALUES ($1, $2, $3, $4::numeric, $5, $6::numeric, round($4::numeric * $6::numeric, 2), $7::date, $8, $9)`,
        [shopId, purchaseId, p.method, p.amount, p.currency, p.exchangeRate, date, userId, at],
      );
    }
  }

  /** GBP of payments, as the database rounds each: Σ round(amount × rate, 2), and the cash among them. */
  async paymentsGbp(
    payments: readonly NewPurchasePayment[],
  ): Promise<{ total: string; cash: string | null }> {
    if (payments.length === 0) return { total: '0.00', cash: null };
    const rows = await this.db.query<{ total: string; cash: string | null }>(
      `SELECT sum(round(a * r, 2))::text AS total,
              (sum(round(a * r, 2)) FILTER (WHERE m = 'Cash'))::text AS cash
         FROM unnest($1::numeric[], $2::numeric[], $3::text[]) AS t(a, r, m)`,
      [payments.map((p) => p.amount), payments.map((p) => p.exchangeRate), payments.map((p) => p.method)],
    );
    const r = rows[0] as { total: string; cash: string | null };
    return { total: r.total, cash: r.cash };
  }

  async find(
    shopId: number,
    id: number,
    lock = false,
  ): Promise<{
    id: number;
    status: 'completed' | 'voided';
    sellerId: number | null;
    reference: string;
  } | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const rows = await this.db.query<{
      id: string;
      status: 'completed' | 'voided';
      seller_client_id: number | null;
      reference: string;
    }>(
      `SELECT id, status, seller_client_id, reference FROM purchases WHERE shop_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [shopId, id],
    );
    const r = rows[0];
    return r
      ? {
          id: Number(r.id),
          status: r.status,
          sellerId: r.seller_client_id === null ? null : Number(r.seller_client_id),
          reference: r.reference,
        }
      : null;
  }

  async lineItems(purchaseId: number): Promise<Array<{ itemId: number; stockNumber: number }>> {
    const rows = await this.db.query<{ item_id: number; stock_number: number }>(
      'SELECT item_id, stock_number FROM purchase_lines WHERE purchase_id = $1 ORDER BY position',
      [purchaseId],
    );
    return rows.map((r) => ({ itemId: Number(r.item_id), stockNumber: Number(r.stock_number) }));
  }

  /** A void's reversing rows: each payment's amounts negated (the money back), dated the void's day. */
  async reversePayments(purchaseId: number, date: string, userId: number, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO purchase_payments (shop_id, purchase_id, method, amount, currency, exchange_rate, amount_gbp,
                                      paid_on, reversal_of, created_by, created_at)
       SELECT p.shop_id, p.purchase_id, p.method, -p.amount, p.currency, p.exchange_rate, -p.amount_gbp, $2::date,
              p.id, $3, $4
         FROM purchase_payments p
        WHERE p.purchase_id = $1 AND p.reversal_of IS NULL
          AND NOT EXISTS (SELECT 1 FROM purchase_payments r WHERE r.reversal_of = p.id)
        ORDER BY p.id`,
      [purchaseId, date, userId, at],
    );
  }

  async markVoided(purchaseId: number, date: string, reason: string, userId: number): Promise<void> {
    await this.db.query(
      `UPDATE purchases SET status = 'voided', voided_on = $2::date, void_reason = $3, voided_by = $4 WHERE id = $1`,
      [purchaseId, date, reason, userId],
    );
  }

  /** Attaches a stored file (already written by the kernel's file storage) as a line's certificate. */
  async attachCertificate(
    shopId: number,
    purchaseId: number,
    lineId: number,
    file: { storageKey: string; name: string; contentType: string; size: number },
  ): Promise<string | null> {
    const rows = await this.db.query<{ old: string | null }>(
      `WITH old AS (
         SELECT c.id, c.storage_key FROM purchase_register_checks c
           JOIN purchase_lines l ON l.id = c.purchase_line_id
          WHERE c.shop_id = $1 AND l.purchase_id = $2 AND l.id = $3
          FOR UPDATE OF c)
       UPDATE purchase_register_checks c
          SET storage_key = $4, certificate_name = $5, certificate_type = $6, certificate_size = $7
         FROM old WHERE c.id = old.id
       RETURNING old.storage_key AS old`,
      [shopId, purchaseId, lineId, file.storageKey, file.name, file.contentType, file.size],
    );
    if (rows.length === 0) return null;
    return rows[0]?.old ?? '';
  }

  async certificate(shopId: number, purchaseId: number, lineId: number): Promise<CertificateRef | null> {
    const rows = await this.db.query<{
      storage_key: string;
      certificate_name: string;
      certificate_type: string;
      certificate_size: string;
    }>(
      `SELECT c.storage_key, c.certificate_name, c.certificate_type, c.certificate_size
         FROM purchase_register_checks c JOIN purchase_lines l ON l.id = c.purchase_line_id
        WHERE c.shop_id = $1 AND l.purchase_id = $2 AND l.id = $3 AND c.storage_key IS NOT NULL`,
      [shopId, purchaseId, lineId],
    );
    const r = rows[0];
    return r
      ? {
          storageKey: r.storage_key,
          name: r.certificate_name,
          contentType: r.certificate_type,
          size: Number(r.certificate_size),
        }
      : null;
  }

  // ---------------------------------------------------------------- reads

  private filterSql(shopId: number, f: PurchaseFilter): { where: string; params: unknown[] } {
    const params: unknown[] = [shopId];
    const where = ['p.shop_id = $1'];
    if (f.from !== null) {
      params.push(f.from);
      where.push(`p.purchased_on >= $${params.length}::date`);
    }
    if (f.to !== null) {
      params.push(f.to);
      where.push(`p.purchased_on <= $${params.length}::date`);
    }
    if (f.sellerId !== null) {
      params.push(f.sellerId);
      where.push(`p.seller_client_id = $${params.length}`);
    }
    if (f.status !== null) {
      params.push(f.status);
      where.push(`p.status = $${params.length}`);
    }
    if (f.source) {
      params.push(f.source);
      where.push(`p.source = $${params.length}`);
    }
    return { where: where.join(' AND '), params };
  }

  async count(shopId: number, f: PurchaseFilter): Promise<number> {
    const { where, params } = this.filterSql(shopId, f);
    const rows = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM purchases p WHERE ${where}`,
      params,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async list(shopId: number, f: PurchaseFilter, limit: number, offset: number): Promise<Purchase[]> {
    const { where, params } = this.filterSql(shopId, f);
    params.push(limit, offset);
    const rows = await this.db.query<PurchaseRow>(
      `SELECT ${PURCHASE_COLUMNS} FROM purchases p LEFT JOIN user_directory u ON u.id = p.created_by
        WHERE ${where} ORDER BY p.purchased_on DESC, p.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return this.assemble(rows);
  }

  async view(shopId: number, id: number): Promise<Purchase | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const rows = await this.db.query<PurchaseRow>(
      `SELECT ${PURCHASE_COLUMNS} FROM purchases p LEFT JOIN user_directory u ON u.id = p.created_by
        WHERE p.shop_id = $1 AND p.id = $2`,
      [shopId, id],
    );
    return (await this.assemble(rows))[0] ?? null;
  }

  private async assemble(rows: readonly PurchaseRow[]): Promise<Purchase[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const lineRows = await this.db.query<{
      purchase_id: number;
      id: number;
      item_id: number;
      stock_number: number;
      stock_type: StockType;
      brand: string;
      model: string;
      serial: string;
      description: string;
      price_gbp: string;
      condition_grade: Intake['conditionGrade'];
      with_box: boolean;
      with_papers: boolean;
      with_warranty_card: boolean;
      with_service_history: boolean;
      with_extra_links: boolean;
      intake_notes: string;
      provider: string | null;
      search_reference: string | null;
      checked_on: string | null;
      result: 'clear' | 'flagged' | null;
      certificate_name: string | null;
    }>(
      `SELECT l.purchase_id::int AS purchase_id, l.id::int AS id, l.item_id, l.stock_number, l.stock_type, l.brand,
              l.model, l.serial, l.description, l.price_gbp::text AS price_gbp, l.condition_grade, l.with_box,
              l.with_papers, l.with_warranty_card, l.with_service_history, l.with_extra_links, l.intake_notes,
              c.provider, c.search_reference, c.checked_on::text AS checked_on, c.result, c.certificate_name
         FROM purchase_lines l LEFT JOIN purchase_register_checks c ON c.purchase_line_id = l.id
        WHERE l.purchase_id = ANY($1::bigint[]) ORDER BY l.purchase_id, l.position`,
      [ids],
    );
    const paymentRows = await this.db.query<{
      purchase_id: number;
      id: number;
      method: PaymentMethod;
      amount: string;
      currency: Currency;
      exchange_rate: string;
      amount_gbp: string;
      paid_on: string;
      reversal_of: number | null;
    }>(
      `SELECT purchase_id::int AS purchase_id, id::int AS id, method, amount::text AS amount, currency,
              exchange_rate::text AS exchange_rate, amount_gbp::text AS amount_gbp, paid_on::text AS paid_on,
              reversal_of::int AS reversal_of
         FROM purchase_payments WHERE purchase_id = ANY($1::bigint[]) ORDER BY purchase_id, id`,
      [ids],
    );
    const lines = new Map<number, PurchaseLine[]>();
    for (const l of lineRows) {
      const list = lines.get(Number(l.purchase_id)) ?? [];
      list.push({
        id: Number(l.id),
        itemId: Number(l.item_id),
        stockNumber: Number(l.stock_number),
        stockType: l.stock_type,
        brand: l.brand,
        model: l.model,
        serial: l.serial,
        description: l.description,
        priceGbp: Number(l.price_gbp),
        intake: {
          conditionGrade: l.condition_grade,
          box: l.with_box,
          papers: l.with_papers,
          warrantyCard: l.with_warranty_card,
          serviceHistory: l.with_service_history,
          extraLinks: l.with_extra_links,
          notes: l.intake_notes,
        },
        registerCheck:
          l.provider === null
            ? null
            : {
                provider: l.provider,
                searchReference: l.search_reference ?? '',
                checkedOn: l.checked_on ?? '',
                result: l.result ?? 'clear',
                certificateName: l.certificate_name,
              },
      });
      lines.set(Number(l.purchase_id), list);
    }
    const payments = new Map<number, PurchasePayment[]>();
    for (const p of paymentRows) {
      const list = payments.get(Number(p.purchase_id)) ?? [];
      list.push({
        id: Number(p.id),
        method: p.method,
        amount: Number(p.amount),
        currency: p.currency,
        exchangeRate: Number(p.exchange_rate),
        amountGbp: Number(p.amount_gbp),
        date: p.paid_on,
        reversalOf: p.reversal_of === null ? null : Number(p.reversal_of),
      });
      payments.set(Number(p.purchase_id), list);
    }
    return rows.map((r) => ({
      id: Number(r.id),
      number: Number(r.number),
      reference: r.reference,
      status: r.status,
      date: r.purchased_on,
      sellerId: r.seller_client_id === null ? null : Number(r.seller_client_id),
      sellerName: r.seller_name,
      sellerAddress: r.seller_address === '' ? [] : r.seller_address.split('\n'),
      sellerKind: r.seller_kind,
      totalGbp: Number(r.total_gbp),
      lines: lines.get(Number(r.id)) ?? [],
      payments: payments.get(Number(r.id)) ?? [],
      voidedOn: r.voided_on,
      voidReason: r.void_reason,
      notes: r.notes,
      createdBy: r.created_by,
      createdAt: new Date(r.created_at).toISOString(),
      source: r.source,
      // Filled by the service (it knows the rules); a Buy In purchase never has any.
      outstanding: [],
    }));
  }
}
