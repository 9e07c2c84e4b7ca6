import { endpoints, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { api, resourceKeys, useApiMutation, useQuery } from '@loupe/platform';

export type StorefrontSettings = ResponseOf<typeof endpoints.storefront.settings>;
export type StorefrontSettingsBody = BodyOf<typeof endpoints.storefront.updateSettings>;

export const storefrontKeys = resourceKeys('storefront');

/** `GET /api/storefront/settings/`: the slug, the switch and the public address they make. */
export const useStorefront = () =>
  useQuery({
    queryKey: [...storefrontKeys.all, 'settings'],
    queryFn: ({ signal }) => api(endpoints.storefront.settings, { signal }),
  });

/**
 * `PUT /api/storefront/settings/`: 400 naming the slug when it is not one, 409 when another shop has it. The feeds'
 * addresses are built on the slug, so the marketplace's queries are read again too.
 */
export const useSaveStorefront = () =>
  useApiMutation(endpoints.storefront.updateSettings, {
    call: (body: StorefrontSettingsBody) => ({ body }),
    changes: ['storefront', 'marketplace'],
  });
