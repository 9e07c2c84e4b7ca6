import type {
  AuditEvent,
  Client,
  ClientCheckout,
  ClientDocument,
  ClientRisk,
  ClientSummary,
  Invoice,
  LedgerEntry,
  LedgerPayment,
} from '@loupe/contracts';
import { NO_ADDRESS } from '@loupe/contracts';
import { authCheckAs, createFetchMock, type FetchCall, type FetchMock } from '@loupe/platform/testing';

export function makeClient(id: number, name: string, overrides: Partial<Client> = {}): Client {
  return {
    id,
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
    phone: '',
    status: 'active',
    notes: '',
    balance: 0,
    kyc: false,
    hasItemCheckedOut: false,
    cdd: { verifiedBy: null, verifiedOn: null, complete: false },
    ...NO_ADDRESS,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function makeEntry(id: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id,
    direction: 'received',
    amount: 100,
    currency: 'GBP',
    exchangeRate: 1,
    amountGbp: 100,
    method: 'Cash',
    date: '2026-02-01',
    note: '',
    source: null,
    sourceId: null,
    createdAt: '2026-02-01T12:00:00.000Z',
    voided: null,
    reversalOf: null,
    ...overrides,
  };
}

/** An invoice as the service answers it (issue 13); override what a test cares about. */
export function makeInvoice(id: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id,
    kind: 'invoice',
    number: id,
    reference: `INV-${String(id).padStart(6, '0')}`,
    status: 'issued',
    issueDate: '2026-03-01',
    saleId: 100 + id,
    itemId: 200 + id,
    creditsInvoice: null,
    creditNote: null,
    currency: 'GBP',
    exchangeRate: 1,
    total: 1000,
    totalGbp: 1000,
    vatTreatment: 'margin',
    vatAmount: 0,
    vatAmountGbp: null,
    dealId: null,
    partExchange: 0,
    partExchangeGbp: 0,
    payments: [],
    netAmount: 1000,
    marginGbp: 200,
    marginVatGbp: 33.33,
    paymentMethod: 'Cash',
    paidInFull: true,
    clientId: null,
    buyer: { name: '', address: '', email: '', phone: '' },
    seller: {
      legalName: 'Loupe Demo Ltd',
      tradingName: '',
      address: '',
      email: '',
      phone: '',
      vatNumber: '',
      companyNumber: '',
      footer: '',
      hasLogo: false,
    },
    lines: [],
    createdBy: 'gold',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A check-out of an item to a client (issue 13). */
export function makeCheckout(id: number, overrides: Partial<ClientCheckout> = {}): ClientCheckout {
  return {
    id,
    itemId: 300 + id,
    serial: `CO-${id}`,
    brand: 'Rolex',
    model: 'Daytona',
    stockType: 'Watches',
    agreedPrice: 12000,
    dueDate: null,
    checkedOutAt: '2026-03-01T10:00:00.000Z',
    endedAt: null,
    outcome: null,
    ...overrides,
  };
}

export function makeDocument(id: number, overrides: Partial<ClientDocument> = {}): ClientDocument {
  return {
    id,
    name: `passport-${id}.pdf`,
    contentType: 'application/pdf',
    size: 52_000,
    uploadedAt: '2026-01-06T09:30:00.000Z',
    ...overrides,
  };
}

const query = (call: FetchCall) => new URLSearchParams(call.url.split('?')[1] ?? '');

/** The service's page sizes: anything else is a 400, as it answers. */
function pageSize(call: FetchCall): number | { status: number; body: unknown } {
  const raw = query(call).get('page_size') ?? '10';
  if (['10', '25', '50', '100'].includes(raw)) return Number(raw);
  return {
    status: 400,
    body: { page_size: [`Select a valid choice. ${raw} is not one of the available choices.`] },
  };
}

/** Pence arithmetic, so the fake's balances are as exact as the service's. */
const pence = (value: number) => Math.round(value * 100);

/**
 * A small in-memory clients service behind the fetch mock: the list pages, searches and filters as the real
 * one does (DRF paging, 404 "Invalid page."), payments move the balance, creates and updates are kept.
 */
export class FakeClientsServer {
  readonly mock: FetchMock;
  clients: Client[];
  ledger = new Map<number, LedgerEntry[]>();
  documents = new Map<number, ClientDocument[]>();
  /** Each client's History trail, newest first (empty unless a test sets it). */
  history = new Map<number, AuditEvent[]>();
  /** The shop's invoices, newest first; the list filters them by client as the service does (issue 13). */
  invoices: Invoice[] = [];
  /** Each client's check-outs, newest first. */
  checkouts = new Map<number, ClientCheckout[]>();
  private nextId = 500;
  /** Who saved each client last and when, as the service reads it from the audit trail. */
  lastChange = new Map<number, { by: string; at: string }>();

  /** Someone else saves the client meanwhile: its version moves on under an open form. */
  changeBehind(id: number, fields: Partial<Client>, by: string, at: string): void {
    const client = this.find(id);
    if (!client) throw new Error(`no client ${id}`);
    Object.assign(client, fields, { updatedAt: at, version: client.version + 1 });
    this.lastChange.set(id, { by, at });
  }

  constructor(clients: Client[]) {
    this.clients = clients.map((c) => ({ ...c }));
    this.mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('silver') },
      'GET /csrf/': { cookies: { csrftoken: 'tok' } },
      'GET /api/clients/': (call) => this.list(call),
      'GET /api/invoices/': (call) => {
        const q = query(call);
        const size = pageSize(call);
        if (typeof size !== 'number') return size;
        const page = Number(q.get('page') ?? 1);
        const client = q.get('client');
        const rows = this.invoices.filter((inv) => !client || inv.clientId === Number(client));
        const offset = (page - 1) * size;
        if (page > 1 && offset >= rows.length) return { status: 404, body: { detail: 'Invalid page.' } };
        return { body: { results: rows.slice(offset, offset + size), count: rows.length } };
      },
      'POST /api/clients/': (call) => {
        const body = call.body as Partial<Client>;
        const client = makeClient(this.nextId++, body.name ?? '', { ...body });
        this.clients.push(client);
        this.route(client.id);
        return { status: 201, body: client };
      },
    });
    for (const client of this.clients) this.route(client.id);
    window.fetch = this.mock.fetch;
  }

  /** The per-client endpoints of one id. */
  route(id: number): void {
    const base = `/api/clients/${id}/`;
    this.mock.on(`GET ${base}`, () => {
      const client = this.find(id);
      return client ? { body: client } : { status: 404, body: { detail: 'Not found.' } };
    });
    this.mock.on(`PUT ${base}`, (call) => {
      const client = this.find(id);
      if (!client) return { status: 404, body: { detail: 'Not found.' } };
      // As the service does (issue 12): the version the form loaded, or a 409 naming the last change.
      const { version, ...fields } = call.body as Partial<Client>;
      if (typeof version !== 'number') return { status: 400, body: { version: ['This field is required.'] } };
      if (version !== client.version) {
        const last = this.lastChange.get(id);
        return {
          status: 409,
          body: {
            detail: 'This client was changed by someone else after you opened it.',
            changedBy: last?.by ?? null,
            changedAt: last?.at ?? client.updatedAt,
            current: { ...client },
          },
        };
      }
      Object.assign(client, fields, { updatedAt: '2026-03-01T10:00:00.000Z', version: client.version + 1 });
      return { body: client };
    });
    this.mock.on(`GET ${base}ledger/`, (call) => {
      const entries = this.ledger.get(id) ?? [];
      const size = pageSize(call);
      if (typeof size !== 'number') return size;
      return { body: { results: entries.slice(0, size), count: entries.length } };
    });
    this.mock.on(`POST ${base}ledger/`, (call) => this.pay(id, call.body as LedgerPayment));
    this.mock.on(`GET ${base}history/`, () => {
      const events = this.history.get(id) ?? [];
      return { body: { results: events, count: events.length } };
    });
    this.mock.on(`GET ${base}checkouts/`, () => {
      const lines = this.checkouts.get(id) ?? [];
      return { body: { results: lines, count: lines.length } };
    });
    this.mock.on(`GET ${base}kyc/`, () => {
      const docs = this.documents.get(id) ?? [];
      return { body: { results: docs, count: docs.length } };
    });
    // The Risk rating section (issue 25): a client nobody rated, as the service answers it.
    this.mock.on(`GET ${base}risk/`, () => ({ body: makeRisk(id) }));
  }

  find(id: number): Client | undefined {
    return this.clients.find((c) => c.id === id);
  }

  private list(call: FetchCall) {
    const q = query(call);
    const page = Number(q.get('page') ?? 1);
    const size = pageSize(call);
    if (typeof size !== 'number') return size;
    const search = (q.get('search') ?? '').toLowerCase();
    const status = q.get('status');
    const balance = q.get('balance');
    let rows = this.clients.filter(
      (c) =>
        (!search || `${c.name} ${c.email} ${c.phone}`.toLowerCase().includes(search)) &&
        (!status || c.status === status) &&
        (!balance ||
          (balance === 'negative'
            ? c.balance < 0
            : balance === 'positive'
              ? c.balance > 0
              : c.balance === 0)),
    );
    const ordering = q.get('ordering') ?? 'name';
    const key = ordering.replace(/^-/, '').replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as
      'name' | 'balance' | 'updatedAt';
    rows = [...rows].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
    if (ordering.startsWith('-')) rows.reverse();
    const offset = (page - 1) * size;
    if (page > 1 && offset >= rows.length) return { status: 404, body: { detail: 'Invalid page.' } };
    return { body: { results: rows.slice(offset, offset + size), count: rows.length } };
  }

  private pay(id: number, body: LedgerPayment) {
    const client = this.find(id);
    if (!client) return { status: 404, body: { detail: 'Not found.' } };
    const rate = body.currency && body.currency !== 'GBP' ? Number(body.exchangeRate) : 1;
    const gbpPence = Math.round(Number(body.amount) * rate * 100) * (body.direction === 'paid' ? -1 : 1);
    client.balance = (pence(client.balance) + gbpPence) / 100;
    const entry = makeEntry(9000 + (this.ledger.get(id)?.length ?? 0), {
      direction: body.direction,
      amount: Number(body.amount) * (body.direction === 'paid' ? -1 : 1),
      currency: body.currency ?? 'GBP',
      exchangeRate: rate,
      amountGbp: gbpPence / 100,
      method: body.method ?? 'Cash',
      date: body.date ?? '2026-03-01',
      note: body.note ?? '',
    });
    this.ledger.set(id, [entry, ...(this.ledger.get(id) ?? [])]);
    return { status: 201, body: { entry, balance: client.balance } };
  }
}

/** A client's risk answer (issue 25): unrated (standard, no reasons) unless told otherwise. */
export function makeRisk(clientId: number, overrides: Partial<ClientRisk> = {}): ClientRisk {
  return {
    clientId,
    rating: 'standard',
    reasons: [],
    notes: '',
    ratedBy: null,
    ratedAt: null,
    eddRequired: false,
    eddThresholdGbp: '0.00',
    eddMissing: [],
    documents: [],
    approvedBy: null,
    approvedAt: null,
    approvalNotes: '',
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<ClientSummary> = {}): ClientSummary {
  return {
    total: 25,
    active: 20,
    inactive: 5,
    withKyc: 14,
    withItemCheckedOut: 3,
    debtorCount: 7,
    creditorCount: 6,
    totalOwedToShop: 12_450.5,
    totalOwedByShop: 8_100.25,
    netBalance: -4_350.25,
    debtors: [
      { id: 1, name: 'Ada Lovelace', status: 'active', balance: -5_000 },
      { id: 2, name: 'Brian Eno', status: 'inactive', balance: -2_500.5 },
    ],
    creditors: [
      { id: 3, name: 'Clara Schumann', status: 'active', balance: 6_000.25 },
      { id: 4, name: 'Dmitri Shostakovich', status: 'active', balance: 100 },
    ],
    ...overrides,
  };
}
