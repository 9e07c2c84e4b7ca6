import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, type ClientOrdering } from '@loupe/contracts';

/** '' is "any": the filter is left out of the URL and the request. */
export const STATUS_CHOICES = ['', ...CLIENT_STATUSES] as const;
export const STATUS_CHOICE_LABELS = { '': 'All statuses', ...CLIENT_STATUS_LABELS };

/** Balance filter values as the service names them; the labels say who owes whom. */
export const BALANCE_CHOICES = ['', 'negative', 'positive', 'zero'] as const;
export const BALANCE_CHOICE_LABELS: Record<(typeof BALANCE_CHOICES)[number], string> = {
  '': 'All balances',
  negative: 'Debtors (owe the shop)',
  positive: 'Creditors (the shop owes)',
  zero: 'Settled',
};

/** The orders the Sort by box offers (the Name and Balance headers sort too, both ways). */
export const ORDERING_CHOICES = [
  'name',
  '-name',
  'balance',
  '-balance',
  '-created_at',
  '-updated_at',
] as const satisfies readonly ClientOrdering[];
export const ORDERING_CHOICE_LABELS: Record<(typeof ORDERING_CHOICES)[number], string> = {
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  balance: 'Balance (lowest first)',
  '-balance': 'Balance (highest first)',
  '-created_at': 'Newest first',
  '-updated_at': 'Recently changed',
};
