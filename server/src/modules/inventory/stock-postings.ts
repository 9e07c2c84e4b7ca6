import { STOCK_SETTLEMENT_METHODS } from '@loupe/contracts';
import type { LedgerPosting } from '../clients';

/**
 * The ledger entry of a credit or debt purchase line: both move the client's balance towards the client (see
 * ItemTransactionInput in the contracts), in GBP as the line is.
 */
export function stockLinePosting(
  item: { brand: string; model: string; stockType: string; serial: string },
  line: { type: 'credit' | 'debt'; clientId: number; amount: string; sourceId: number },
  posted: { shopId: number; date: string; userId: number | null; at: Date },
): LedgerPosting {
  const what = [item.brand, item.model].filter(Boolean).join(' ') || item.stockType;
  return {
    ...posted,
    clientId: line.clientId,
    amount: line.amount,
    currency: 'GBP',
    exchangeRate: '1',
    method: STOCK_SETTLEMENT_METHODS[line.type],
    note:
      line.type === 'credit'
        ? `Bought ${what} ${item.serial} on credit`
        : `${what} ${item.serial} taken against debt`,
    source: { kind: 'item_transaction', id: line.sourceId },
  };
}
