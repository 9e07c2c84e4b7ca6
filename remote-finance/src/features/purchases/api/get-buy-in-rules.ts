import {
  CONDITION_GRADE_LABELS,
  endpoints,
  INTAKE_CONDITION_GRADES,
  type ShopSettings,
} from '@loupe/contracts';
import { api, queryKeys, useQuery } from '@loupe/platform';
import { DEFAULT_REGISTER_CHECK_THRESHOLD } from '../lib/purchase-values';

export interface BuyInRules {
  /** GBP: a watch at or above it needs a stolen-goods register check; null while unknown. */
  registerCheckThreshold: number | null;
  conditionGrades: readonly { value: string; label: string }[];
  error: unknown;
}

interface Thresholds {
  purchaseRegisterCheckThresholdGbp?: number | string | null;
}

const GRADES = INTAKE_CONDITION_GRADES.map((value) => ({ value, label: CONDITION_GRADE_LABELS[value] }));

/**
 * The shop's due-diligence rules for a buy-in, from its settings (`GET /api/shop/settings/`), under the key the
 * Shop Settings screen writes, so a threshold changed there shows here without a reload.
 */
export function useBuyInRules(): BuyInRules {
  const settings = useQuery({
    queryKey: queryKeys['shop-settings'].details(),
    queryFn: ({ signal }) => api(endpoints.settings.get, { signal }),
  });
  // The threshold Shop Settings sets (purchases.ts: ShopSettings.purchaseRegisterCheckThresholdGbp); the
  // service's default where the settings do not carry it.
  const data = settings.data as (ShopSettings & Thresholds) | undefined;
  const raw = data?.purchaseRegisterCheckThresholdGbp;
  const threshold = data
    ? raw === undefined || raw === null
      ? DEFAULT_REGISTER_CHECK_THRESHOLD
      : Number(raw)
    : null;
  return {
    registerCheckThreshold: threshold !== null && Number.isFinite(threshold) ? threshold : null,
    conditionGrades: GRADES,
    error: settings.error,
  };
}
