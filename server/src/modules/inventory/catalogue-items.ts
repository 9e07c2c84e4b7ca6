// Items and the shop's catalogue (issue 22, item 3). Items keep brand and model as text; the catalogue module owns
// the lists they are chosen from and publishes them as the catalogue_entries view (migration 020), read here to
// check an item's brand and model. A rename or merge of the catalogue re-points the items' text through
// repointItemBrandModel, called by the catalogue module in its own transaction.
import { RETIRED_BRAND, RETIRED_MODEL, UNKNOWN_BRAND, UNKNOWN_MODEL } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import type { ErrorBag } from '../../kernel/validation';

interface EntryRow {
  brand_id: number;
  brand: string;
  brand_retired: boolean;
  model: string | null;
  retired: boolean;
}

/**
 * The brand and model of an item as the catalogue spells them ('rolex' → 'Rolex'), or field errors in `bag`:
 * a brand the shop's catalogue lacks, a model that is not one of that brand's, or a retired entry — unless it is
 * what the item being edited already names (`current`), which an item keeps.
 */
export async function checkItemCatalogue(
  db: Queryable,
  shopId: number,
  bag: ErrorBag,
  chosen: { brand: string; model: string },
  current?: { brand: string; model: string },
): Promise<{ brand: string; model: string }> {
  const { brand, model } = chosen;
  if (brand === '' || bag.has('brand')) return chosen;
  const rows = await db.query<EntryRow>(
    `SELECT brand_id, brand, brand_retired, model, retired
       FROM catalogue_entries
      WHERE shop_id = $1 AND lower(brand) = lower($2) AND (model_id IS NULL OR lower(model) = lower($3))`,
    [shopId, brand, model],
  );
  const brandRow = rows.find((r) => r.model === null);
  const keepsBrand = current !== undefined && current.brand.toLowerCase() === brand.toLowerCase();
  if (!brandRow) {
    if (!keepsBrand) bag.add('brand', UNKNOWN_BRAND(brand));
    return chosen;
  }
  if (brandRow.brand_retired && !keepsBrand) {
    bag.add('brand', RETIRED_BRAND(brandRow.brand));
    return chosen;
  }
  if (model === '' || bag.has('model')) return { brand: brandRow.brand, model };
  const modelRow = rows.find((r) => r.model !== null);
  const keepsModel = keepsBrand && current.model.toLowerCase() === model.toLowerCase();
  if (!modelRow) {
    if (!keepsModel) bag.add('model', UNKNOWN_MODEL(brandRow.brand, model));
    return { brand: brandRow.brand, model };
  }
  if (modelRow.retired && !keepsModel)
    bag.add('model', RETIRED_MODEL(brandRow.brand, modelRow.model as string));
  return { brand: brandRow.brand, model: modelRow.model as string };
}

/**
 * Re-points the shop's items from one brand (and model) to another after a catalogue rename or merge, in the
 * caller's transaction; returns the ids of the items changed (their version moves on, so an edit form opened
 * before is told the item changed). `model` absent: every model of the brand keeps its name, only the brand
 * changes.
 */
export async function repointItemBrandModel(
  db: Queryable,
  shopId: number,
  from: { brand: string; model?: string },
  to: { brand: string; model?: string },
  at: Date,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE items SET brand = $4, model = CASE WHEN $3::text IS NULL THEN model ELSE $5 END, updated_at = $6
      WHERE shop_id = $1 AND brand = $2 AND ($3::text IS NULL OR model = $3)
      RETURNING id`,
    [shopId, from.brand, from.model ?? null, to.brand, to.model ?? null, at],
  );
  return rows.map((r) => r.id);
}
