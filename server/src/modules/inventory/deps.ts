import type { ModuleContext } from '../../kernel/context';
import type { AuditRepository } from '../audit';
import type { PaymentMethod, SellerKind, StockType } from '@loupe/contracts';
import type { LedgerRepository } from '../clients';
import type { AmlRepos, ClientGuardRepos } from '../compliance';
import type { CheckoutsRepository } from './checkouts-repository';
import type { ConsignmentsRepository } from './consignments-repository';
import type { ItemsRepository } from './items-repository';

/** What a consignment item's sale posts (and its void reverses) in the seller's transaction: the supplier's due. */
export interface ConsignmentPayableRepos {
  consignments: ConsignmentsRepository;
  ledger: LedgerRepository;
}

/** One purchase transaction of an item just added, as item_transactions stored it (its GBP value net of fee). */
export interface ItemFormPayment {
  transactionId: number;
  type: 'cash' | 'credit' | 'debt';
  /** A cash line's payment method; null on credit and debt. */
  method: PaymentMethod | null;
  amount: string;
  currency: string;
  exchangeRate: string;
  amountGbp: string;
}

/** An item added with purchase transactions, to be recorded as a one-line purchase (issue 22, item 1). */
export interface ItemFormPurchase {
  shopId: number;
  userId: number;
  sellerId: number | null;
  sellerKind: SellerKind;
  date: string;
  item: {
    id: number;
    stockNumber: number;
    stockType: StockType;
    brand: string;
    model: string;
    serial: string;
    description: string;
    purchasePrice: string;
  };
  payments: readonly ItemFormPayment[];
  at: Date;
}

/**
 * The port through which Add Item records its purchase document. The purchases module owns the purchase tables
 * and implements this (PurchasesRepository.recordItemForm); inventory sits below it and only names the call.
 */
export interface ItemFormPurchases {
  recordItemForm(purchase: ItemFormPurchase): Promise<{ id: number; reference: string }>;
}

/**
 * The repositories the inventory module works with: stock, its check-outs and consignments, postings, trail,
 * the AML guard over cash paid out on the item form, and the purchase document it records.
 */
export interface InventoryRepos extends ConsignmentPayableRepos, AmlRepos, ClientGuardRepos {
  items: ItemsRepository;
  checkouts: CheckoutsRepository;
  audit: AuditRepository;
  purchases: ItemFormPurchases;
}

export type InventoryContext = ModuleContext<InventoryRepos>;
