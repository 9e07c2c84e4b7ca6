import { endpoints, type ShopSettings, type ShopSettingsUpdate } from '@loupe/contracts';
import {
  api,
  apiUpload,
  queryKeys,
  useMutation,
  useQuery,
  useQueryClient,
  type UploadProgress,
} from '@loupe/platform';

/**
 * Keys under the 'shop-settings' root. The logo's key carries its size and the settings' last change, so a
 * new logo is fetched again while an unchanged one answers from the cache.
 */
export const shopSettingsKeys = {
  all: queryKeys['shop-settings'].all,
  /** The shop's one record (the stock labels read it too). */
  settings: queryKeys['shop-settings'].details(),
  logo: (version: string) => [...queryKeys['shop-settings'].all, 'logo', version] as const,
};

/** `GET /api/shop/settings/`: the shop's own details for its documents. */
export function useShopSettings() {
  return useQuery({
    queryKey: shopSettingsKeys.settings,
    queryFn: ({ signal }) => api(endpoints.settings.get, { signal }),
  });
}

/** Every change answers the whole settings: the screen shows them at once, without asking again. */
function useStoreSettings() {
  const queryClient = useQueryClient();
  return (settings: ShopSettings) => queryClient.setQueryData(shopSettingsKeys.settings, settings);
}

/** `PUT /api/shop/settings/` (platinum only; omitted fields keep their value). */
export function useUpdateShopSettings() {
  const store = useStoreSettings();
  return useMutation({
    mutationFn: (body: ShopSettingsUpdate) => api(endpoints.settings.update, { body }),
    onSuccess: store,
  });
}

/**
 * `GET /api/shop/settings/logo/` through the HTTP client (the session and its 401 handling), as a blob the
 * screen shows through an object URL. Nothing is asked while the shop has no logo.
 */
export function useLogo(settings: ShopSettings | undefined) {
  const version = settings?.logo ? `${settings.logo.size}-${settings.updatedAt ?? ''}` : null;
  return useQuery({
    queryKey: shopSettingsKeys.logo(version ?? 'none'),
    queryFn: ({ signal }) => api(endpoints.settings.logo, { signal }),
    enabled: version !== null,
  });
}

/** `POST /api/shop/settings/logo/` multipart, with progress; the service checks the bytes (PNG or JPEG, ≤ 1 MB). */
export function useUploadLogo(onProgress: (progress: UploadProgress) => void) {
  const store = useStoreSettings();
  return useMutation({
    mutationFn: (file: File) => apiUpload(endpoints.settings.uploadLogo, { file, onProgress }),
    onSuccess: store,
  });
}

/** `DELETE /api/shop/settings/logo/`: documents print without a logo from then on. */
export function useDeleteLogo() {
  const store = useStoreSettings();
  return useMutation({
    mutationFn: () => api(endpoints.settings.deleteLogo),
    onSuccess: store,
  });
}
