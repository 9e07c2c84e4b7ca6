import type {
  EnquiryDetail,
  MarketplaceChannel,
  MarketplaceChannelItem,
  Role,
  SaleReport,
} from '@loupe/contracts';
import { authCheckAs, createFetchMock, type FetchMock, type MockHandler } from '@loupe/platform/testing';

/** A query string parameter of a recorded call. */
export const param = (url: string, name: string) => new URL(url, 'http://localhost').searchParams.get(name);

export function enquiry(id: number, overrides: Partial<EnquiryDetail> = {}): EnquiryDetail {
  return {
    id,
    status: 'new',
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    phone: '',
    item: {
      id: 40 + id,
      serial: `SN-${id}`,
      stockNumber: String(100 + id),
      title: 'Rolex Submariner 126610LN',
      online: true,
      onOfferWhenAsked: true,
    },
    clientId: null,
    createdAt: '2026-11-26T10:15:00Z',
    answeredAt: null,
    message: 'Is the bracelet full length? Could I see it on Saturday?',
    consentAt: '2026-11-26T10:15:00Z',
    convertedAt: null,
    closedAt: null,
    client: null,
    matchedClient: null,
    replies: [],
    ...overrides,
  };
}

const summaryOf = ({
  message: _m,
  consentAt: _c,
  convertedAt: _v,
  closedAt: _l,
  client: _cl,
  matchedClient: _mc,
  replies: _r,
  ...summary
}: EnquiryDetail) => summary;

export function saleReport(id: number, overrides: Partial<SaleReport> = {}): SaleReport {
  return {
    id,
    dealId: 500 + id,
    dealReference: `D-${500 + id}`,
    dealChannel: 'shop',
    itemId: 70 + id,
    stockNumber: 700 + id,
    serial: `RX-${id}`,
    brand: 'Rolex',
    model: 'Daytona',
    referenceNumber: '116500LN',
    saleDate: '2026-11-25',
    dueOn: '2026-12-02',
    status: 'open',
    overdue: false,
    doneAt: null,
    doneBy: null,
    closedReason: null,
    ...overrides,
  };
}

export function channel(name: MarketplaceChannel['channel'], overrides: Partial<MarketplaceChannel> = {}) {
  const row: MarketplaceChannel = {
    channel: name,
    label: name === 'chrono24' ? 'Chrono24' : 'Google Shopping',
    feedUrl: `https://shop.example/store/loupe-demo/feeds/${name}/secret-${name}-1.xml`,
    live: true,
    rotatedAt: '2026-11-20T09:00:00Z',
    included: 7,
    excluded: 2,
    ...overrides,
  };
  return row;
}

export function channelItem(
  itemId: number,
  overrides: Partial<MarketplaceChannelItem> = {},
): MarketplaceChannelItem {
  return {
    itemId,
    stockNumber: 200 + itemId,
    serial: `S-${itemId}`,
    brand: 'Omega',
    model: 'Speedmaster',
    referenceNumber: '310.30.42.50.01.001',
    included: true,
    problems: [],
    ...overrides,
  };
}

export interface OnlineServer {
  mock: FetchMock;
  enquiries: Map<number, EnquiryDetail>;
  reports: Map<number, SaleReport>;
}

/**
 * The staff API of issue 24 as the services answer it, over records a test can change: enquiries (filtered as
 * EnquiryQuery says: new by default, open = new or answered, all), sale reports (open by default), channels.
 */
export function onlineServer(
  options: {
    role?: Role;
    enquiries?: EnquiryDetail[];
    reports?: SaleReport[];
    channels?: MarketplaceChannel[];
    items?: MarketplaceChannelItem[];
    handlers?: Record<string, MockHandler>;
  } = {},
): OnlineServer {
  const enquiries = new Map((options.enquiries ?? []).map((e) => [e.id, e]));
  const reports = new Map((options.reports ?? []).map((r) => [r.id, r]));
  const channels = options.channels ?? [channel('chrono24'), channel('google')];
  const inFilter = (status: string | null) => (e: EnquiryDetail) =>
    status === 'all'
      ? true
      : status === 'open'
        ? e.status === 'new' || e.status === 'answered'
        : e.status === 'new';
  const handlers: Record<string, MockHandler> = {
    'GET /auth-check/': { body: authCheckAs(options.role ?? 'gold') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    'GET /api/enquiries/': (call) => {
      const all = [...enquiries.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const rows = all.filter(inFilter(param(call.url, 'status')));
      const page = Number(param(call.url, 'page') ?? 1);
      const size = Number(param(call.url, 'page_size') ?? 25);
      if (rows.length > 0 && (page - 1) * size >= rows.length)
        return { status: 404, body: { detail: 'Invalid page.' } };
      return {
        body: {
          results: rows.slice((page - 1) * size, page * size).map(summaryOf),
          count: rows.length,
          counts: {
            new: all.filter(inFilter('new')).length,
            open: all.filter(inFilter('open')).length,
            all: all.length,
          },
        },
      };
    },
    'GET /api/marketplace/sale-reports/': (call) => {
      const status = param(call.url, 'status') ?? 'open';
      const rows = [...reports.values()].filter((r) =>
        status === 'all' ? true : status === 'done' ? r.status === 'done' : r.status === 'open',
      );
      return { body: { results: rows, count: rows.length } };
    },
    'GET /api/marketplace/channels/': { body: { results: channels, count: channels.length } },
    ...options.handlers,
  };
  const mock = createFetchMock(handlers);
  for (const id of enquiries.keys()) {
    mock.on(`GET /api/enquiries/${id}/`, () => ({ body: enquiries.get(id) }));
  }
  for (const id of reports.keys()) {
    mock.on(`POST /api/marketplace/sale-reports/${id}/done/`, () => {
      const done: SaleReport = {
        ...reports.get(id)!,
        status: 'done',
        doneAt: '2026-11-27T09:00:00Z',
        doneBy: 'Gil Gold',
      };
      reports.set(id, done);
      return { body: done };
    });
  }
  globalThis.fetch = mock.fetch;
  return { mock, enquiries, reports };
}
