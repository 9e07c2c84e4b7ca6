import type {
  Currency,
  InventorySummary,
  Item,
  ItemRow,
  ItemStatus,
  PaymentMethod,
  StockType,
} from '@loupe/contracts';
import { NO_ATTRIBUTES } from '@loupe/contracts';
import { authCheckAs, createFetchMock, type FetchCall, type FetchMock } from '@loupe/platform/testing';
import { SPEC_CATALOGUE } from './catalogue';

let nextId = 1;
let nextInvoice = 41;
let nextCheckout = 300;

/** An item as the service answers it; override what a test cares about. */
export function makeItem(overrides: Partial<Item> = {}): Item {
  const id = overrides.id ?? nextId++;
  const purchasePrice = overrides.purchasePrice ?? 1000 + id;
  const retail = overrides.retailPrice === undefined ? purchasePrice * 1.5 : overrides.retailPrice;
  return {
    id,
    stockNumber: id,
    serial: `SN${String(id).padStart(4, '0')}`,
    stockType: 'Watches',
    brand: 'Rolex',
    model: 'Daytona',
    description: '',
    purchasePrice,
    tradePrice: null,
    retailPrice: retail,
    listingPrice: retail,
    status: 'available',
    purchasedOn: '2026-01-10',
    vatScheme: 'margin',
    location: '',
    checkout: null,
    promotion: null,
    daysInStock: 0,
    consignment: null,
    imageId: null,
    createdAt: '2026-01-10T10:00:00Z',
    updatedAt: '2026-01-10T10:00:00Z',
    images: [],
    transactions: [],
    sale: null,
    version: 1,
    ...NO_ATTRIBUTES,
    ...overrides,
  };
}

export const row = (item: Item): ItemRow => {
  const { images: _images, transactions: _transactions, ...rest } = item;
  return rest;
};

export interface FakeClient {
  id: number;
  name: string;
  email: string;
  phone: string;
  status: 'active' | 'inactive';
  notes: string;
  balance: number;
  kyc: boolean;
  hasItemCheckedOut: boolean;
}

export const makeClient = (id: number, name: string, extra: Partial<FakeClient> = {}): FakeClient => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  phone: '',
  status: 'active',
  notes: '',
  balance: 0,
  kyc: false,
  hasItemCheckedOut: false,
  ...extra,
});

const query = (call: FetchCall) => new URL(call.url, 'http://localhost').searchParams;

/**
 * A small in-memory inventory service behind the fetch mock: the list applies the same filters as the real
 * one (so a test can assert what the page asked for and what it shows), and the actions change status.
 */
export function fakeInventory(items: Item[], clients: FakeClient[] = []) {
  const store = new Map(items.map((item) => [item.id, item]));
  const mock: FetchMock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    ...SPEC_CATALOGUE,
    'GET /api/items/': (call) => {
      const q = query(call);
      let list = [...store.values()];
      const statuses = q.get('status')?.split(',');
      if (statuses) list = list.filter((i) => statuses.includes(i.status));
      const type = q.get('stock_type');
      if (type) list = list.filter((i) => i.stockType === (type as StockType));
      if (q.get('brand')) list = list.filter((i) => i.brand === q.get('brand'));
      if (q.get('model')) list = list.filter((i) => i.model === q.get('model'));
      if (q.get('min_price')) list = list.filter((i) => (i.purchasePrice ?? 0) >= Number(q.get('min_price')));
      if (q.get('max_price')) list = list.filter((i) => (i.purchasePrice ?? 0) <= Number(q.get('max_price')));
      const search = q.get('search')?.toLowerCase();
      if (search) list = list.filter((i) => i.serial.toLowerCase().startsWith(search));
      const client = q.get('client');
      if (client) list = list.filter((i) => i.checkout?.clientId === Number(client));
      // Issue 22's attribute filters, as the service applies them.
      const reference = q.get('reference')?.toLowerCase();
      if (reference) list = list.filter((i) => i.referenceNumber.toLowerCase().includes(reference));
      if (q.get('condition_grade')) list = list.filter((i) => i.conditionGrade === q.get('condition_grade'));
      for (const name of ['box', 'papers'] as const) {
        const wanted = q.get(name);
        if (wanted) list = list.filter((i) => i[name] === (wanted === 'true'));
      }
      if (q.get('metal')) list = list.filter((i) => i.metal === q.get('metal'));
      const page = Number(q.get('page') ?? '1');
      const size = Number(q.get('page_size') ?? '10');
      const start = (page - 1) * size;
      if (page > 1 && start >= list.length) return { status: 404, body: { detail: 'Invalid page.' } };
      return { body: { results: list.slice(start, start + size).map(row), count: list.length } };
    },
    // Counted from the same store the actions change, so a widget shows what a Sell did.
    'GET /api/items/summary/': () => ({ body: summaryOf([...store.values()]) }),
    'GET /api/clients/': (call) => {
      const search = (query(call).get('search') ?? '').toLowerCase();
      const found = clients.filter((c) => c.name.toLowerCase().includes(search));
      return { body: { results: found.slice(0, 10), count: found.length } };
    },
  });
  for (const item of items) {
    mock.on(`GET /api/items/${item.id}/`, () => {
      const current = store.get(item.id);
      return current ? { body: current } : { status: 404, body: { detail: 'Not found.' } };
    });
    // The History panel on the item's page: an empty trail unless a test answers otherwise.
    mock.on(`GET /api/items/${item.id}/history/`, { body: { results: [], count: 0 } });
    const change = (action: string, apply: (current: Item, body: Record<string, unknown>) => Item | string) =>
      mock.on(`POST /api/items/${item.id}/${action}/`, (call) => {
        const current = store.get(item.id)!;
        const next = apply(current, (call.body ?? {}) as Record<string, unknown>);
        if (typeof next === 'string') return { status: 409, body: { detail: next } };
        store.set(item.id, next);
        return { body: next };
      });
    // A sale issues its invoice (issue 13): numbered from the fake's own sequence, as the service's is.
    change('sell', (current, body) => {
      if (current.status !== 'available' && current.status !== 'checked_out') {
        return `A ${current.status} item cannot be sold.`;
      }
      const clientId = typeof body.clientId === 'number' ? body.clientId : null;
      const currency = (body.currency as Currency | undefined) ?? 'GBP';
      const exchangeRate = Number(body.exchangeRate ?? 1);
      const invoiceId = nextInvoice++;
      return {
        ...current,
        status: 'sold' as ItemStatus,
        checkout: null,
        promotion: null,
        sale: {
          id: 500 + invoiceId,
          date: String(body.date ?? '2026-02-01'),
          price: Number(body.price),
          currency,
          exchangeRate,
          amountGbp: Math.round(Number(body.price) * exchangeRate * 100) / 100,
          paymentMethod: (body.paymentMethod as PaymentMethod | undefined) ?? 'Cash',
          clientId,
          clientName: clients.find((c) => c.id === clientId)?.name ?? null,
          buyerName: clientId === null ? String(body.buyerName ?? '') : '',
          soldBy: 'gold',
          invoice: { id: invoiceId, reference: `INV-${String(invoiceId).padStart(6, '0')}` },
        },
      };
    });
    change('check-out', (current, body) => {
      if (current.status !== 'available') return `A ${current.status} item cannot be checked out.`;
      const client = clients.find((c) => c.id === body.clientId);
      return {
        ...current,
        status: 'checked_out',
        checkout: {
          id: nextCheckout++,
          clientId: Number(body.clientId),
          clientName: client?.name ?? '?',
          dueDate: (body.dueDate as string | null) ?? null,
          note: String(body.note ?? ''),
          checkedOutAt: '2026-02-01T10:00:00Z',
          agreedPrice:
            body.agreedPrice === undefined || body.agreedPrice === null ? null : Number(body.agreedPrice),
        },
      };
    });
    change('return', (current) =>
      current.status === 'checked_out'
        ? { ...current, status: 'available', checkout: null }
        : 'Only a checked-out item can be returned.',
    );
    change('promote', (current, body) =>
      body.promoted
        ? {
            ...current,
            promotion: {
              price: body.price === null || body.price === undefined ? null : Number(body.price),
              note: String(body.note ?? ''),
              promotedAt: '2026-02-02T09:00:00Z',
            },
          }
        : { ...current, promotion: null },
    );
  }
  for (const client of clients) mock.on(`GET /api/clients/${client.id}/`, { body: client });
  window.fetch = mock.fetch;
  return { mock, store };
}

/** The list requests' query strings, as objects (page and filters the page asked for). */
export function listQueries(mock: FetchMock): Record<string, string>[] {
  return mock
    .callsTo('GET', '/api/items/')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
}

/** The dashboard's stock figures for `items`, as the service counts them (cost values, sold left out). */
export function summaryOf(items: Item[]): InventorySummary {
  const inStock = items.filter((item) => item.status !== 'sold');
  const byType = (type: StockType) => {
    const of = inStock.filter((item) => item.stockType === type);
    return { count: of.length, value: of.reduce((sum, item) => sum + (item.purchasePrice ?? 0), 0) };
  };
  const byStatus = (status: ItemStatus) => items.filter((item) => item.status === status).length;
  return {
    byStockType: {
      Watches: byType('Watches'),
      Jewellery: byType('Jewellery'),
      Accessories: byType('Accessories'),
    },
    byStatus: {
      available: byStatus('available'),
      checked_out: byStatus('checked_out'),
      reserved: byStatus('reserved'),
      unavailable: byStatus('unavailable'),
      sold: byStatus('sold'),
    },
    inStockCount: inStock.length,
    inStockValue: inStock.reduce((sum, item) => sum + (item.purchasePrice ?? 0), 0),
    recentPurchases: [],
  };
}
