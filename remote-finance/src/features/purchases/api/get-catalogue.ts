import { BRAND_CATALOGUE } from '@loupe/contracts';

/** The brands a buy-in offers, each with its models in the order shown. */
export type Catalogue = readonly { name: string; models: readonly string[] }[];

const FIXED: Catalogue = Object.entries(BRAND_CATALOGUE).map(([name, models]) => ({ name, models }));

/**
 * The shop's brands and models. Until the shop's own catalogue is served (issue 22, item 3), the specification's
 * fixed list, the same one the item form offers.
 */
export function useCatalogue(): { catalogue: Catalogue; loading: boolean } {
  return { catalogue: FIXED, loading: false };
}
