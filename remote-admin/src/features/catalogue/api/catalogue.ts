import { endpoints, type Catalogue } from '@loupe/contracts';
import { api, errorDetail, fieldErrors, queryKeys, useApiMutation, useQuery } from '@loupe/platform';

/** `GET /api/catalogue/`: the shop's brands (by name) and their models, retired ones flagged. */
export function useCatalogue() {
  return useQuery({
    queryKey: queryKeys.catalogue.all,
    queryFn: ({ signal }): Promise<Catalogue> => api(endpoints.catalogue.list, { signal }),
  });
}

/**
 * Every change of the catalogue answers it whole; the item forms and filters (remote-inventory) read the same
 * resource, so they offer the change at once, and a rename or merge moves items' brand and model too.
 */
const CHANGES = ['catalogue', 'items'] as const;

export function useAddBrand() {
  return useApiMutation(endpoints.catalogue.addBrand, {
    call: (name: string) => ({ body: { name } }),
    changes: CHANGES,
  });
}

export function useAddModel() {
  return useApiMutation(endpoints.catalogue.addModel, {
    call: ({ brandId, name }: { brandId: number; name: string }) => ({
      params: { id: brandId },
      body: { name },
    }),
    changes: CHANGES,
  });
}

export type EntryKind = 'brand' | 'model';

export interface EntryChange {
  kind: EntryKind;
  id: number;
  name?: string;
  retired?: boolean;
}

export function useUpdateEntry() {
  const brand = useApiMutation(endpoints.catalogue.updateBrand, {
    call: ({ id, name, retired }: EntryChange) => ({ params: { id }, body: { name, retired } }),
    changes: CHANGES,
  });
  const model = useApiMutation(endpoints.catalogue.updateModel, {
    call: ({ id, name, retired }: EntryChange) => ({ params: { id }, body: { name, retired } }),
    changes: CHANGES,
  });
  return { brand, model };
}

export interface EntryMerge {
  kind: EntryKind;
  id: number;
  intoId: number;
}

export function useMergeEntry() {
  const brand = useApiMutation(endpoints.catalogue.mergeBrand, {
    call: ({ id, intoId }: EntryMerge) => ({ params: { id }, body: { intoId } }),
    changes: CHANGES,
  });
  const model = useApiMutation(endpoints.catalogue.mergeModel, {
    call: ({ id, intoId }: EntryMerge) => ({ params: { id }, body: { intoId } }),
    changes: CHANGES,
  });
  return { brand, model };
}

/** What the server said was wrong: its detail (a 409, a 403), else the name or merge target's field error. */
export function catalogueErrorMessage(error: unknown): string {
  const fields = fieldErrors(error);
  return errorDetail(error) ?? fields.name ?? fields.intoId ?? 'The change could not be saved. Try again.';
}
