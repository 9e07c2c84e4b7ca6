import type {
  DealLineKind,
  DealPaymentKind,
  DealStatus,
  OtherLineVatRate,
  VatTreatment,
} from '@loupe/contracts';

/** How a deal's values read on screen; the API's values stay snake_case. */
export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  reserved: 'Reserved',
  completed: 'Completed',
  cancelled: 'Cancelled',
  voided: 'Voided',
};

export const LINE_KIND_LABELS: Record<DealLineKind, string> = {
  item: 'Item',
  other: 'Other',
  part_exchange: 'Part-exchange',
};

export const VAT_RATE_LABELS: Record<OtherLineVatRate, string> = {
  standard: 'Standard 20%',
  zero: 'Zero-rated',
};

export const VAT_TREATMENT_LABELS: Record<VatTreatment, string> = {
  margin: 'Margin scheme',
  standard: 'VAT 20%',
  none: 'No VAT',
};

export const PAYMENT_KIND_LABELS: Record<DealPaymentKind, string> = {
  payment: 'Payment',
  deposit: 'Deposit',
  instalment: 'Instalment',
  refund: 'Refund',
  payout: 'Paid out',
};

/** Whole days from `from` to `to` (both YYYY-MM-DD): how long a layaway is past its collect-by day. */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}
