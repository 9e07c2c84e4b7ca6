import { endpoints, type CatalogueBrand } from '@loupe/contracts';
import { api, resourceKeys, useQuery } from '@loupe/platform';

/*
 * Built here rather than read from the platform's `queryKeys`: the platform is the shell's shared copy, and a
 * shell built before the catalogue existed has no key for it; the keys are the same either way, so a brand
 * added in the catalogue screen shows here too.
 */
const catalogueKeys = resourceKeys('catalogue');

export interface CatalogueChoices {
  /** The brands to offer, by name: the active ones, and `keep.brand` (a want's own, even if retired since). */
  brands: string[];
  /** The brand's active models in the catalogue's order, and `keep.model` when it is that brand's. */
  modelsOf(brand: string): string[];
  loading: boolean;
  /** Set when the catalogue could not be loaded: the brand and model lists are then empty. */
  error: string | null;
}

const withKept = (names: string[], kept: string | undefined) =>
  kept && !names.includes(kept) ? [...names, kept] : names;

/**
 * `GET /api/catalogue/` as a want's brand → model choices, as the item form offers them (SPEC §3 and §5: a model
 * is chosen after its brand, from that brand's list). Retired entries are not offered, except what `keep` names:
 * a want being edited keeps its own.
 */
export function useCatalogueChoices(keep: { brand?: string; model?: string } = {}): CatalogueChoices {
  const query = useQuery({
    queryKey: catalogueKeys.details(),
    queryFn: ({ signal }) => api(endpoints.catalogue.list, { signal }),
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
