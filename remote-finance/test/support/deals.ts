import { NO_ATTRIBUTES, type Client, type Deal, type ItemRow } from '@loupe/contracts';

/** Fixtures of issue 20's deals, shaped as the service answers them. */

export const ELEANOR = {
  id: 7,
  name: 'Eleanor Vance',
  email: 'eleanor@example.com',
  status: 'active',
} as Client;

export function item(id: number, overrides: Partial<ItemRow> = {}): ItemRow {
  return {
    id,
    stockNumber: id,
    serial: `SN-${id}`,
    stockType: 'Watches',
    brand: 'Rolex',
    model: 'Submariner',
    description: '',
    purchasePrice: 9000,
    tradePrice: null,
    retailPrice: 15000,
    listingPrice: 15000,
    status: 'available',
    purchasedOn: '2026-01-10',
    vatScheme: 'margin',
    location: '',
    checkout: null,
    promotion: null,
    daysInStock: 30,
    consignment: null,
    imageId: null,
    createdAt: '2026-01-10T10:00:00Z',
    updatedAt: '2026-01-10T10:00:00Z',
    version: 1,
    ...NO_ATTRIBUTES,
    ...overrides,
  };
}

export function deal(id: number, overrides: Partial<Deal> = {}): Deal {
  return {
    id,
    reference: `D-${id}`,
    status: 'completed',
    clientId: 7,
    buyerName: 'Eleanor Vance',
    currency: 'GBP',
    exchangeRate: 1,
    date: '2026-11-20',
    collectBy: null,
    overdue: false,
    completedOn: '2026-11-20',
    cancelledOn: null,
    cancelOutcome: null,
    cancelReason: '',
    lines: [
      {
        id: 1,
        kind: 'item',
        itemId: 11,
        serial: 'RLX-1',
        description: 'Rolex Submariner',
        amount: 15000,
        amountGbp: 15000,
        vatTreatment: 'margin',
        vatGbp: 0,
        marginGbp: 6000,
        marginVatGbp: 1000,
      },
      {
        id: 2,
        kind: 'other',
        itemId: null,
        serial: '',
        description: 'Leather strap',
        amount: 250.5,
        amountGbp: 250.5,
        vatTreatment: 'standard',
        vatGbp: 41.75,
        marginGbp: null,
        marginVatGbp: null,
      },
      {
        id: 3,
        kind: 'part_exchange',
        itemId: 30,
        serial: 'PX-9',
        description: 'Tudor Black Bay',
        amount: 2000,
        amountGbp: 2000,
        vatTreatment: 'margin',
        vatGbp: 0,
        marginGbp: null,
        marginVatGbp: null,
      },
    ],
    payments: [
      {
        id: 1,
        kind: 'payment',
        direction: 'in',
        method: 'Cash',
        amount: 5000,
        currency: 'GBP',
        exchangeRate: 1,
        amountGbp: 5000,
        date: '2026-11-20',
        createdBy: 'gold',
      },
      {
        id: 2,
        kind: 'payment',
        direction: 'in',
        method: 'Credit Card',
        amount: 8250.5,
        currency: 'GBP',
        exchangeRate: 1,
        amountGbp: 8250.5,
        date: '2026-11-20',
        createdBy: 'gold',
      },
    ],
    totals: { goodsGbp: 15250.5, partExchangeGbp: 2000, dueGbp: 13250.5, paidGbp: 13250.5, balanceGbp: 0 },
    invoice: { id: 42, reference: 'INV-000042' },
    creditNote: null,
    notes: '',
    channel: 'shop',
    createdBy: 'gold',
    createdAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** A layaway: one item held for Eleanor against a deposit, to be collected by the 30th. */
export function reservedDeal(id: number, overrides: Partial<Deal> = {}): Deal {
  const base = deal(id);
  return deal(id, {
    status: 'reserved',
    collectBy: '2026-11-30',
    completedOn: null,
    invoice: null,
    lines: base.lines.slice(0, 1),
    payments: [
      {
        id: 5,
        kind: 'deposit',
        direction: 'in',
        method: 'Bank Transfer',
        amount: 3000,
        currency: 'GBP',
        exchangeRate: 1,
        amountGbp: 3000,
        date: '2026-11-20',
        createdBy: 'gold',
      },
    ],
    totals: { goodsGbp: 15000, partExchangeGbp: 0, dueGbp: 15000, paidGbp: 3000, balanceGbp: 12000 },
    ...overrides,
  });
}
