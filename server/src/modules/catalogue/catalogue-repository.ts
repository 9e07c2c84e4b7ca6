import type { Catalogue, CatalogueBrand } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { repointItemBrandModel } from '../inventory';

export interface BrandRow {
  id: number;
  name: string;
  retired: boolean;
}

export interface ModelRow extends BrandRow {
  brandId: number;
}

/** The shop's brands and models (migration 020). Every query names the shop: another shop's entry is not found. */
export class CatalogueRepository {
  constructor(private readonly db: Queryable) {}

  /** Every brand by name (case-insensitive), its models in the forms' order, each with the items naming it. */
  async list(shopId: number): Promise<Catalogue> {
    const [brands, models, counts] = await Promise.all([
      this.db.query<BrandRow>(
        `SELECT id, name, retired FROM catalogue_brands WHERE shop_id = $1 ORDER BY lower(name), id`,
        [shopId],
      ),
      this.db.query<ModelRow>(
        `SELECT id, brand_id AS "brandId", name, retired FROM catalogue_models WHERE shop_id = $1
          ORDER BY position, id`,
        [shopId],
      ),
      this.db.query<{ brand: string; model: string; n: number }>(
        `SELECT brand, model, count(*)::int AS n FROM stock_items WHERE shop_id = $1 AND brand <> ''
          GROUP BY brand, model`,
        [shopId],
      ),
    ]);
    const brandItems = new Map<string, number>();
    const modelItems = new Map<string, number>();
    for (const c of counts) {
      const b = c.brand.toLowerCase();
      brandItems.set(b, (brandItems.get(b) ?? 0) + c.n);
      const key = `${b}\u0000${c.model.toLowerCase()}`;
      modelItems.set(key, (modelItems.get(key) ?? 0) + c.n);
    }
    const byBrand = new Map<number, CatalogueBrand>();
    const result: CatalogueBrand[] = brands.map((b) => {
      const brand: CatalogueBrand = {
        id: b.id,
        name: b.name,
        retired: b.retired,
        itemCount: brandItems.get(b.name.toLowerCase()) ?? 0,
        models: [],
      };
      byBrand.set(b.id, brand);
      return brand;
    });
    for (const m of models) {
      const brand = byBrand.get(m.brandId);
      if (!brand) continue;
      brand.models.push({
        id: m.id,
        name: m.name,
        retired: m.retired,
        itemCount: modelItems.get(`${brand.name.toLowerCase()}\u0000${m.name.toLowerCase()}`) ?? 0,
      });
    }
    return { brands: result };
  }

  async brand(shopId: number, id: number, lock = false): Promise<BrandRow | null> {
    const rows = await this.db.query<BrandRow>(
      `SELECT id, name, retired FROM catalogue_brands WHERE shop_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [shopId, id],
    );
    return rows[0] ?? null;
  }

  async model(shopId: number, id: number, lock = false): Promise<ModelRow | null> {
    const rows = await this.db.query<ModelRow>(
      `SELECT id, brand_id AS "brandId", name, retired FROM catalogue_models
        WHERE shop_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [shopId, id],
    );
    return rows[0] ?? null;
  }

  async modelsOf(shopId: number, brandId: number): Promise<ModelRow[]> {
    return this.db.query<ModelRow>(
      `SELECT id, brand_id AS "brandId", name, retired FROM catalogue_models
        WHERE shop_id = $1 AND brand_id = $2 ORDER BY position, id FOR UPDATE`,
      [shopId, brandId],
    );
  }

  /** The shop's brand of this name whatever its case, other than `except`. */
  async brandNamed(shopId: number, name: string, except?: number): Promise<BrandRow | null> {
    const rows = await this.db.query<BrandRow>(
      `SELECT id, name, retired FROM catalogue_brands
        WHERE shop_id = $1 AND lower(name) = lower($2) AND id <> $3`,
      [shopId, name, except ?? 0],
    );
    return rows[0] ?? null;
  }

  async modelNamed(shopId: number, brandId: number, name: string, except?: number): Promise<ModelRow | null> {
    const rows = await this.db.query<ModelRow>(
      `SELECT id, brand_id AS "brandId", name, retired FROM catalogue_models
        WHERE shop_id = $1 AND brand_id = $2 AND lower(name) = lower($3) AND id <> $4`,
      [shopId, brandId, name, except ?? 0],
    );
    return rows[0] ?? null;
  }

  async insertBrand(shopId: number, name: string, at: Date): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO catalogue_brands (shop_id, name, position, created_at)
       VALUES ($1, $2, (SELECT coalesce(max(position), 0) + 1 FROM catalogue_brands WHERE shop_id = $1), $3)
       RETURNING id`,
      [shopId, name, at],
    );
    return (rows[0] as { id: number }).id;
  }

  async insertModel(shopId: number, brandId: number, name: string, at: Date): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO catalogue_models (shop_id, brand_id, name, position, created_at)
       VALUES ($1, $2, $3, (SELECT coalesce(max(position), 0) + 1 FROM catalogue_models WHERE brand_id = $2), $4)
       RETURNING id`,
      [shopId, brandId, name, at],
    );
    return (rows[0] as { id: number }).id;
  }

  async updateBrand(shopId: number, id: number, change: { name: string; retired: boolean }): Promise<void> {
    await this.db.query(
      `UPDATE catalogue_brands SET name = $3, retired = $4 WHERE shop_id = $1 AND id = $2`,
      [shopId, id, change.name, change.retired],
    );
  }

  async updateModel(shopId: number, id: number, change: { name: string; retired: boolean }): Promise<void> {
    await this.db.query(
      `UPDATE catalogue_models SET name = $3, retired = $4 WHERE shop_id = $1 AND id = $2`,
      [shopId, id, change.name, change.retired],
    );
  }

  /** A model moved to another brand (a brand merge), listed after that brand's own models. */
  async moveModel(shopId: number, id: number, brandId: number): Promise<void> {
    await this.db.query(
      `UPDATE catalogue_models
          SET brand_id = $3,
              position = (SELECT coalesce(max(position), 0) + 1 FROM catalogue_models WHERE brand_id = $3)
        WHERE shop_id = $1 AND id = $2`,
      [shopId, id, brandId],
    );
  }

  async deleteBrand(shopId: number, id: number): Promise<void> {
    await this.db.query(`DELETE FROM catalogue_brands WHERE shop_id = $1 AND id = $2`, [shopId, id]);
  }

  async deleteModel(shopId: number, id: number): Promise<void> {
    await this.db.query(`DELETE FROM catalogue_models WHERE shop_id = $1 AND id = $2`, [shopId, id]);
  }

  /** The items follow a rename or merge, in this repository's transaction (inventory writes them). */
  repointItems(
    shopId: number,
    from: { brand: string; model?: string },
    to: { brand: string; model?: string },
    at: Date,
  ): Promise<number[]> {
    return repointItemBrandModel(this.db, shopId, from, to, at);
  }
}
