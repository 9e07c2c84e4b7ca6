import {
  CATALOGUE_BRAND_TAKEN,
  CATALOGUE_MERGE_RETIRED,
  CATALOGUE_MERGE_SELF,
  CATALOGUE_MODEL_OTHER_BRAND,
  CATALOGUE_MODEL_TAKEN,
  CATALOGUE_NOT_ALLOWED,
  catalogueNameProblem,
  type Catalogue,
  type CatalogueEntryCreate,
  type CatalogueEntryUpdate,
  type CatalogueMerge,
} from '@loupe/contracts';
import { isUniqueViolation } from '../../kernel/db-errors';
import { conflict, fieldErrors, notFound } from '../../kernel/http-errors';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import { textError } from '../../kernel/validation';
import type { CatalogueContext, CatalogueRepos } from './deps';

const INVALID_PK = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** The name as stored (trimmed, NFC), or a 400 on `name`. */
function nameOf(raw: string): string {
  const name = raw.normalize('NFC').trim();
  const problem = catalogueNameProblem(name) ?? textError(name);
  if (problem) throw fieldErrors({ name: [problem] });
  return name;
}

/**
 * The shop's catalogue: read by every member, changed by those who may 'manageCatalogue' (platinum). Each change,
 * the items that follow it (a rename or merge re-points their brand and model text) and its audit entry commit
 * together; every change answers the catalogue as it now is.
 */
/**
 * The two records of a merge, `id` into `intoId`, each locked as it is read, in id order: two merges of the same
 * pair queue rather than deadlock. 404 when `id` is not the shop's, 400 naming `intoId` when that is not.
 */
async function mergedPair<T>(
  id: number,
  intoId: number,
  lock: (id: number) => Promise<T | null>,
): Promise<{ from: T; into: T }> {
  const [first, second] = id < intoId ? [id, intoId] : [intoId, id];
  const locked = new Map([
    [first, await lock(first)],
    [second, await lock(second)],
  ]);
  const from = locked.get(id);
  const into = locked.get(intoId);
  if (!from) throw notFound();
  if (!into) throw fieldErrors({ intoId: [INVALID_PK(intoId)] });
  return { from, into };
}

export class CatalogueService {
  constructor(private readonly ctx: CatalogueContext) {}

  list({ shopId }: ShopCaller): Promise<Catalogue> {
    return this.ctx.repos.catalogue.list(shopId);
  }

  private async change(
    caller: ShopCaller,
    work: (repos: CatalogueRepos, at: Date) => Promise<void>,
    taken: () => string,
  ): Promise<Catalogue> {
    requireAction(caller, 'manageCatalogue', CATALOGUE_NOT_ALLOWED);
    const at = this.ctx.now();
    try {
      return await this.ctx.transaction(async (repos) => {
        await work(repos, at);
        return repos.catalogue.list(caller.shopId);
      });
    } catch (error) {
      // Two members adding the same name at once: the second meets the unique index.
      if (isUniqueViolation(error)) throw conflict(taken());
      throw error;
    }
  }

  addBrand(caller: ShopCaller, body: CatalogueEntryCreate): Promise<Catalogue> {
    const { shopId, userId } = caller;
    const name = nameOf(body.name);
    return this.change(
      caller,
      async ({ catalogue, audit }, at) => {
        const same = await catalogue.brandNamed(shopId, name);
        if (same) throw conflict(CATALOGUE_BRAND_TAKEN(same.name));
        const id = await catalogue.insertBrand(shopId, name, at);
        await audit.record({
          shopId,
          userId,
          entity: 'catalogue_brand',
          entityId: id,
          action: 'create',
          after: { name, retired: false },
          recordName: name,
          at,
        });
      },
      () => CATALOGUE_BRAND_TAKEN(name),
    );
  }

  updateBrand(caller: ShopCaller, id: number, body: CatalogueEntryUpdate): Promise<Catalogue> {
    const { shopId, userId } = caller;
    const newName = body.name === undefined ? undefined : nameOf(body.name);
    return this.change(
      caller,
      async ({ catalogue, audit }, at) => {
        const before = await catalogue.brand(shopId, id, true);
        if (!before) throw notFound();
        const after = { name: newName ?? before.name, retired: body.retired ?? before.retired };
        if (after.name !== before.name) {
          const same = await catalogue.brandNamed(shopId, after.name, id);
          if (same) throw conflict(CATALOGUE_BRAND_TAKEN(same.name));
        }
        await catalogue.updateBrand(shopId, id, after);
        const items =
          after.name === before.name
            ? []
            : await catalogue.repointItems(shopId, { brand: before.name }, { brand: after.name }, at);
        await audit.record({
          shopId,
          userId,
          entity: 'catalogue_brand',
          entityId: id,
          action: 'update',
          before: { name: before.name, retired: before.retired },
          after: { ...after, itemsRenamed: items.length },
          recordName: after.name,
          at,
        });
      },
      () => CATALOGUE_BRAND_TAKEN(newName ?? ''),
    );
  }

  /** Brand `id` into brand `intoId`: its models join the other brand's (a model of the same name merges). */
  mergeBrand(caller: ShopCaller, id: number, body: CatalogueMerge): Promise<Catalogue> {
    const { shopId, userId } = caller;
    if (body.intoId === id) throw fieldErrors({ intoId: [CATALOGUE_MERGE_SELF] });
    return this.change(
      caller,
      async ({ catalogue, audit }, at) => {
        const { from, into } = await mergedPair(id, body.intoId, (at) => catalogue.brand(shopId, at, true));
        if (into.retired) throw conflict(CATALOGUE_MERGE_RETIRED(into.name));
        const intoModels = await catalogue.modelsOf(shopId, into.id);
        let moved = 0;
        for (const model of await catalogue.modelsOf(shopId, from.id)) {
          const same = intoModels.find((m) => m.name.toLowerCase() === model.name.toLowerCase());
          if (same) {
            moved += (
              await catalogue.repointItems(
                shopId,
                { brand: from.name, model: model.name },
                { brand: into.name, model: same.name },
                at,
              )
            ).length;
            await catalogue.deleteModel(shopId, model.id);
          } else {
            await catalogue.moveModel(shopId, model.id, into.id);
          }
        }
        moved += (await catalogue.repointItems(shopId, { brand: from.name }, { brand: into.name }, at))
          .length;
        await catalogue.deleteBrand(shopId, from.id);
        await audit.record({
          shopId,
          userId,
          entity: 'catalogue_brand',
          entityId: from.id,
          action: 'merge',
          before: { name: from.name },
          after: { mergedInto: into.name, itemsMoved: moved },
          recordName: from.name,
          at,
        });
      },
      () => CATALOGUE_BRAND_TAKEN(''),
    );
  }

  addModel(caller: ShopCaller, brandId: number, body: CatalogueEntryCreate): Promise<Catalogue> {
    const { shopId, userId } = caller;
    const name = nameOf(body.name);
    let brandName = '';
    return this.change(
      caller,
      async ({ catalogue, audit }, at) => {
        const brand = await catalogue.brand(shopId, brandId, true);
        if (!brand) throw notFound();
        brandName = brand.name;
        const same = await catalogue.modelNamed(shopId, brandId, name);
        if (same) throw conflict(CATALOGUE_MODEL_TAKEN(brand.name, same.name));
        const id = await catalogue.insertModel(shopId, brandId, name, at);
        await audit.record({
          shopId,
          userId,
          entity: 'catalogue_model',
          entityId: id,
          action: 'create',
          after: { brand: brand.name, name, retired: false },
          recordName: `${brand.name} ${name}`,
          at,
        });
      },
      () => CATALOGUE_MODEL_TAKEN(brandName, name),
    );
  }

  updateModel(caller: ShopCaller, id: number, body: CatalogueEntryUpdate): Promise<Catalogue> {
    const { shopId, userId } = caller;
    const newName = body.name === undefined ? undefined : nameOf(body.name);
    let brandName = '';
    return this.change(
      caller,
      async ({ catalogue, audit }, at) => {
        const before = await catalogue.model(shopId, id, true);
        if (!before) throw notFound();
        const brand = (await catalogue.brand(shopId, before.brandId, true)) as { name: string };
        brandName = brand.name;
        const after = { name: newName ?? before.name, retired: body.retired ?? before.retired };
        if (after.name !== before.name) {
          const same = await catalogue.modelNamed(shopId, before.brandId, after.name, id);
          if (same) throw conflict(CATALOGUE_MODEL_TAKEN(brand.name, same.name));
        }
        await catalogue.updateModel(shopId, id, after);
        const items =
          after.name === before.name
            ? []
            : await catalogue.repointItems(
                shopId,
                { brand: brand.name, model: before.name },
                { brand: brand.name, model: after.name },
                at,
              );
        await audit.record({
          shopId,
          userId,
          entity: 'catalogue_model',
          entityId: id,
          action: 'update',
          before: { brand: brand.name, name: before.name, retired: before.retired },
          after: { brand: brand.name, ...after, itemsRenamed: items.length },
          recordName: `${brand.name} ${after.name}`,
          at,
        });
      },
      () => CATALOGUE_MODEL_TAKEN(brandName, newName ?? ''),
    );
  }

  /** Model `id` into model `intoId` of the same brand. */
  mergeModel(caller: ShopCaller, id: number, body: CatalogueMerge): Promise<Catalogue> {
    const { shopId, userId } = caller;
    if (body.intoId === id) throw fieldErrors({ intoId: [CATALOGUE_MERGE_SELF] });
    return this.change(
      caller,
      async ({ catalogue, audit }, at) => {
        const { from, into } = await mergedPair(id, body.intoId, (at) => catalogue.model(shopId, at, true));
        const brand = (await catalogue.brand(shopId, from.brandId, true)) as { name: string };
        if (into.brandId !== from.brandId) throw conflict(CATALOGUE_MODEL_OTHER_BRAND(brand.name));
        if (into.retired) throw conflict(CATALOGUE_MERGE_RETIRED(into.name));
        const items = await catalogue.repointItems(
          shopId,
          { brand: brand.name, model: from.name },
          { brand: brand.name, model: into.name },
          at,
        );
        await catalogue.deleteModel(shopId, from.id);
        await audit.record({
          shopId,
          userId,
          entity: 'catalogue_model',
          entityId: from.id,
          action: 'merge',
          before: { brand: brand.name, name: from.name },
          after: { mergedInto: into.name, itemsMoved: items.length },
          recordName: `${brand.name} ${from.name}`,
          at,
        });
      },
      () => CATALOGUE_MODEL_TAKEN('', ''),
    );
  }
}
