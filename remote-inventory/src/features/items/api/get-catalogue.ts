import { endpoints, type Catalogue, type CatalogueBrand } from '@loupe/contracts';
import { api, queryKeys, useQuery } from '@loupe/platform';

/** `GET /api/catalogue/`: the shop's brands and their models, retired ones flagged (issue 22). */
export function getCatalogue(signal?: AbortSignal): Promise<Catalogue> {
  return api(endpoints.catalogue.list, { signal });
}

export interface CatalogueChoices {
  /** The brands to offer, by name: the active ones, and `keep.brand` (an item's own, even if retired). */
  brands: string[];
  /** The chosen brand's active models in the catalogue's order, and `keep.model` when it is that brand's. */
  modelsOf(brand: string): string[];
  loading: boolean;
  /** Set when the catalogue could not be loaded: the brand and model lists are then empty. */
  error: string | null;
}

const withKept = (names: string[], kept: string | undefined) =>
  kept && !names.includes(kept) ? [...names, kept] : names;

/**
 * The shop's catalogue as a form's brand → model choices (SPEC §3: a model is chosen after its brand, from that
 * brand's list). Retired entries are not offered, except what `keep` names: an item being edited keeps its own.
 */
export function useCatalogueChoices(keep: { brand?: string; model?: string } = {}): CatalogueChoices {
  const query = useQuery({
    queryKey: queryKeys.catalogue.all,
    queryFn: ({ signal }) => getCatalogue(signal),
    staleTime: 60_000,
  });
  const brands: readonly CatalogueBrand[] = query.data?.brands ?? [];
  const active = brands.filter((b) => !b.retired).map((b) => b.name);
  return {
    brands: withKept(active, keep.brand),
    modelsOf(brand: string) {
      if (!brand) return [];
      const found = brands.find((b) => b.name === brand);
      const models = (found?.models ?? []).filter((m) => !m.retired).map((m) => m.name);
      return brand === keep.brand ? withKept(models, keep.model) : models;
    },
    loading: query.isPending,
    error: query.isError ? 'The brands could not be loaded. Reload the page to try again.' : null,
  };
}
