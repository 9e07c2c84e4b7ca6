import { BRAND_CATALOGUE, type Catalogue } from '@loupe/contracts';

/**
 * A shop's catalogue as `GET /api/catalogue/` answers it: by default the specification's three brands and their
 * models (the seed every shop starts from), each entry active; `extra` adds brands as given.
 */
export function catalogueOf(extra: Catalogue['brands'] = []): Catalogue {
  let id = 1;
  const spec = Object.entries(BRAND_CATALOGUE).map(([name, models]) => ({
    id: id++,
    name,
    retired: false,
    itemCount: 0,
    models: models.map((model) => ({ id: id++, name: model, retired: false, itemCount: 0 })),
  }));
  return { brands: [...spec, ...extra].sort((a, b) => a.name.localeCompare(b.name)) };
}

/** The fetch mock's answer to the catalogue for a test that does not care about it. */
export const SPEC_CATALOGUE = { 'GET /api/catalogue/': { body: catalogueOf() } };
