import type { Invoice, InvoiceKind, InvoiceStatus } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { PdfRepository } from './pdf/pdf-repository';

export interface InvoiceFilter {
  dateFrom?: string;
  dateTo?: string;
  clientId?: number;
  status?: InvoiceStatus;
  kind?: InvoiceKind;
  search?: string;
}

/** Statuses and filters of the list, on `invoices inv` (a credited invoice is one a credit note points at). */
const CREDITED = 'EXISTS (SELECT 1 FROM invoice_records cn WHERE cn.credits_invoice_id = inv.id)';

/**
 * Reads of invoices and credit notes (the list, one, the CSV's pages). The sales module issues them (issue 20):
 * they are never changed (migration 013).
 */
export class InvoicesRepository {
  private readonly reads: PdfRepository;

  constructor(private readonly db: Queryable) {
    this.reads = new PdfRepository(db);
  }

  /** One invoice or credit note of the shop in the contract's shape, or null (another shop's: not found). */
  async find(shopId: number, id: number): Promise<Invoice | null> {
    return (await this.reads.invoice(shopId, id))?.invoice ?? null;
  }

  private where(shopId: number, filter: InvoiceFilter, params: unknown[]): string {
    params.push(shopId);
    const parts = ['inv.shop_id = $1'];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      parts.push(sql(params.length));
    };
    if (filter.dateFrom !== undefined) add((n) => `inv.issue_date >= $${n}::date`, filter.dateFrom);
    if (filter.dateTo !== undefined) add((n) => `inv.issue_date <= $${n}::date`, filter.dateTo);
    if (filter.clientId !== undefined) add((n) => `inv.client_id = $${n}`, filter.clientId);
    if (filter.kind !== undefined) add((n) => `inv.kind = $${n}`, filter.kind);
    if (filter.status === 'credited') parts.push(CREDITED);
    if (filter.status === 'issued') parts.push(`NOT ${CREDITED}`);
    if (filter.search !== undefined) {
      const like = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      add((n) => `(lower(inv.reference) LIKE $${n} OR lower(inv.buyer ->> 'name') LIKE $${n})`, like);
    }
    return parts.join(' AND ');
  }

  async count(shopId: number, filter: InvoiceFilter): Promise<number> {
    const params: unknown[] = [];
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoice_records inv WHERE ${this.where(shopId, filter, params)}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  /** Newest first: issue date, then number within the kind (credit notes after the invoices of a day). */
  async ids(shopId: number, filter: InvoiceFilter, limit: number | null, offset: number): Promise<number[]> {
    const params: unknown[] = [];
    const where = this.where(shopId, filter, params);
    let page = '';
    if (limit !== null) {
      params.push(limit, offset);
      page = ` LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    const rows = await this.db.query<{ id: string }>(
      `SELECT inv.id::text AS id FROM invoice_records inv WHERE ${where}
        ORDER BY inv.issue_date DESC, inv.id DESC${page}`,
      params,
    );
    return rows.map((r) => Number(r.id));
  }

  /** The shop's invoices of `ids`, in that order, in the contract's shape (one read). */
  async byIds(shopId: number, ids: readonly number[]): Promise<Invoice[]> {
    return (await this.reads.invoices(shopId, ids)).map((printable) => printable.invoice);
  }

  /** A page of the list in the contract's shape. */
  async list(shopId: number, filter: InvoiceFilter, limit: number | null, offset = 0): Promise<Invoice[]> {
    return this.byIds(shopId, await this.ids(shopId, filter, limit, offset));
  }
}
