import { resourceKeys } from '@loupe/platform';

/**
 * Every query about clients lives under the `clients` root (query-client.ts's key convention), so one
 * invalidation of ['clients'] — after a payment here, or a Sell, Check Out or Return in the inventory
 * remote — refreshes the lists (balances, the Return button), the open client, its ledger and KYC papers, and
 * the dashboard's client figures.
 */
export const clientKeys = {
  ...resourceKeys('clients'),
  ledger: (clientId: number, pageSize: number) =>
    ['clients', 'detail', clientId, 'ledger', { page_size: pageSize }] as const,
  kyc: (clientId: number) => ['clients', 'detail', clientId, 'kyc'] as const,
  summary: () => ['clients', 'summary'] as const,
};
