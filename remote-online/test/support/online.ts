import type { EnquiryDetail, Role } from '@loupe/contracts';
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

export interface OnlineServer {
  mock: FetchMock;
  enquiries: Map<number, EnquiryDetail>;
}

/**
 * The staff API of issue 24 as the services answer it, over records a test can change: enquiries (filtered as
 * EnquiryQuery says: new by default, open = new or answered, all).
 */
export function onlineServer(
  options: {
    role?: Role;
    enquiries?: EnquiryDetail[];
    handlers?: Record<string, MockHandler>;
  } = {},
): OnlineServer {
  const enquiries = new Map((options.enquiries ?? []).map((e) => [e.id, e]));
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
    ...options.handlers,
  };
  const mock = createFetchMock(handlers);
  for (const id of enquiries.keys()) {
    mock.on(`GET /api/enquiries/${id}/`, () => ({ body: enquiries.get(id) }));
  }
  globalThis.fetch = mock.fetch;
  return { mock, enquiries };
}
