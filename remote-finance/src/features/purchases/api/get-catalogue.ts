import { BRAND_CATALOGUE, endpoints } from '@loupe/contracts';
import { api, resourceKeys, useQuery } from '@loupe/platform';

/** The brands a buy-in offers, each with its models in the order shown. */
export type Catalogue = readonly { name: string; models: readonly string[] }[];

/** The specification's list, which every shop's catalogue starts with: offered until the shop's own is in. */
const SPECIFICATION: Catalogue = Object.entries(BRAND_CATALOGUE).map(([name, models]) => ({ name, models }));

/**
 * `GET /api/catalogue/`: the shop's own brands and models (issue 22, item 3), the retired ones left out — a new
 * item is never given one — under the catalogue's key, so a brand added in the catalogue screen shows here.
 */
/*
 * Built here rather than read from the platform's `queryKeys`: the platform is the shell's shared copy, and a
 * shell built before the catalogue existed has no key for it; the keys are the same either way.
 */
const catalogueKeys = resourceKeys('catalogue');

export function useCatalogue(): { catalogue: Catalogue; loading: boolean } {
  const answer = useQuery({
    queryKey: catalogueKeys.details(),
    queryFn: ({ signal }) => api(endpoints.catalogue.list, { signal }),
    select: (data): Catalogue =>
      data.brands
        .filter((brand) => !brand.retired)
        .map((brand) => ({
          name: brand.name,
          models: brand.models.filter((model) => !model.retired).map((model) => model.name),
        })),
  });
  return { catalogue: answer.data ?? SPECIFICATION, loading: answer.isPending };
}
