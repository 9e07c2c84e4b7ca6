import type { LabelPriceSettings, LabelPriceMode } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';
import type { LabelItem } from './labels-pdf';

export interface LabelRow extends LabelItem {
  id: number;
}

/** What the label sheet reads: items by id, and the shop's label settings. */
export class LabelsRepository {
  constructor(private readonly db: Queryable) {}

  /** The shop's items among `ids` (others are simply absent). */
  async itemsByIds(shopId: number, ids: readonly number[]): Promise<LabelRow[]> {
    const rows = await this.db.query<{
      id: number;
      stock_number: number;
      serial: string;
      brand: string;
      model: string;
      retail_price: string | null;
    }>(
      `SELECT id, stock_number, serial, brand, model, retail_price::text AS retail_price
         FROM items WHERE shop_id = $1 AND id = ANY($2::int[])`,
      [shopId, ids],
    );
    return rows.map((r) => ({
      id: r.id,
      stockNumber: r.stock_number,
      serial: r.serial,
      brand: r.brand,
      model: r.model,
      retailPrice: r.retail_price === null ? null : moneyOut(r.retail_price),
    }));
  }

  /** The label setting (migration 013); a shop that never saved its settings prints the retail price. */
  async settings(shopId: number): Promise<LabelPriceSettings> {
    const rows = await this.db.query<{ label_price: LabelPriceMode; price_code_key: string }>(
      'SELECT label_price, price_code_key FROM shop_document_settings WHERE shop_id = $1',
      [shopId],
    );
    const row = rows[0];
    return { labelPrice: row?.label_price ?? 'retail', priceCodeKey: row?.price_code_key ?? '' };
  }
}
