import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, type ClientOrdering } from '@loupe/contracts';

export const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...CLIENT_STATUSES.map((status) => ({ value: status, label: CLIENT_STATUS_LABELS[status] })),
];

/** Balance filter values as the service names them; the labels say who owes whom. */
export const BALANCE_OPTIONS = [
  { value: '', label: 'All balances' },
  { value: 'negative', label: 'Debtors (owe the shop)' },
  { value: 'positive', label: 'Creditors (the shop owes)' },
  { value: 'zero', label: 'Settled' },
] as const;

/** The orders the Sort by box offers (the Name and Balance headers sort too, both ways). */
export const ORDERING_OPTIONS: readonly { value: ClientOrdering; label: string }[] = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'balance', label: 'Balance (lowest first)' },
  { value: '-balance', label: 'Balance (highest first)' },
  { value: '-created_at', label: 'Newest first' },
  { value: '-updated_at', label: 'Recently changed' },
];
