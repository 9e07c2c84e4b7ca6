import { queryKeys } from '@loupe/platform';

/**
 * Every query about clients lives under the `clients` root (query-client.ts's key convention), so one
 * change that declares the `clients` resource — after a payment here, or a Sell, Check Out or Return in the inventory
 * remote — refreshes the lists (balances, the Return button), the open client, its ledger and KYC papers, and
 * the dashboard's client figures.
 */
export const clientKeys = {
  ...queryKeys.clients,
  ledger: (clientId: number, pageSize: number) =>
    [...queryKeys.clients.detail(clientId), 'ledger', { page_size: pageSize }] as const,
  kyc: (clientId: number) => [...queryKeys.clients.detail(clientId), 'kyc'] as const,
  summary: () => [...queryKeys.clients.all, 'summary'] as const,
};
