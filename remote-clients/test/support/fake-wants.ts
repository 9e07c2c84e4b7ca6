import {
  MAIL_PROBLEMS,
  WANT_PROBLEMS,
  wantSummary,
  type Catalogue,
  type Want,
  type WantInput,
  type WantMatch,
} from '@loupe/contracts';
import type { FetchCall, FetchMock } from '@loupe/platform/testing';

/** The shop's catalogue as the service answers it: one retired brand and one retired model among the rest. */
export const CATALOGUE: Catalogue = {
  brands: [
    {
      id: 1,
      name: 'Cartier',
      retired: false,
      itemCount: 0,
      models: [
        { id: 11, name: 'Tank', retired: false, itemCount: 0 },
        { id: 12, name: 'Santos', retired: false, itemCount: 0 },
      ],
    },
    { id: 2, name: 'Patek Philippe', retired: true, itemCount: 0, models: [] },
    {
      id: 3,
      name: 'Rolex',
      retired: false,
      itemCount: 0,
      models: [
        { id: 31, name: 'Submariner', retired: false, itemCount: 0 },
        { id: 32, name: 'Daytona', retired: false, itemCount: 0 },
        { id: 33, name: 'Air-King', retired: true, itemCount: 0 },
      ],
    },
  ],
};

/** A want as the service answers it, its summary worded by the contracts' wantSummary as the service does. */
export function makeWant(id: number, clientId: number, overrides: Partial<Want> = {}): Want {
  const want: Want = {
    id,
    clientId,
    clientName: 'Grace Hopper',
    brand: 'Rolex',
    model: 'Submariner',
    reference: '',
    yearFrom: null,
    yearTo: null,
    conditionGrade: null,
    maxPrice: null,
    notes: '',
    active: true,
    summary: '',
    openMatches: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
  return { ...want, summary: wantSummary(want) };
}

export function makeMatch(id: number, want: Want, overrides: Partial<WantMatch> = {}): WantMatch {
  return {
    id,
    wantId: want.id,
    wantSummary: want.summary,
    clientId: want.clientId,
    clientName: want.clientName,
    clientEmail: 'grace@example.com',
    itemId: 400 + id,
    stockNumber: 100 + id,
    brand: want.brand,
    model: want.model || 'Daytona',
    referenceNumber: '126610LN',
    year: 2021,
    conditionGrade: 'excellent',
    itemStatus: 'available',
    reason: 'new_item',
    priceAtMatch: 9500,
    price: 9500,
    status: 'open',
    matchedAt: '2026-03-05T09:30:00.000Z',
    emailedAt: null,
    dismissedAt: null,
    mailId: null,
    ...overrides,
  };
}

/**
 * The wants service behind a fetch mock (the shared design's endpoints): wants kept per client, open matches,
 * the prepared e-mail and its sending (to the outbox, or refused when the client has no e-mail address).
 */
export class FakeWants {
  wants: Want[] = [];
  matches: WantMatch[] = [];
  /** What POST …/email/ answers: `sent` (an SMTP server took it), `outbox_only`, or `no-address` (409). */
  delivery: 'sent' | 'outbox_only' | 'no-address' = 'sent';
  /** What each send carried (the subject and text as edited). */
  sent: { subject?: string; text?: string }[] = [];
  private nextId = 900;

  constructor(
    readonly mock: FetchMock,
    readonly clientId: number,
  ) {
    mock.on('GET /api/catalogue/', { body: CATALOGUE });
    const base = `/api/clients/${clientId}/`;
    mock.on(`GET ${base}wants/`, () => ({ body: this.list(this.wants) }));
    mock.on(`POST ${base}wants/`, (call) => this.create(call));
    mock.on(`GET ${base}want-matches/`, (call) => ({ body: this.list(this.openOnly(call)) }));
    mock.on('GET /api/wants/matches/', (call) => ({
      body: this.list([...this.openOnly(call)].sort((a, b) => b.matchedAt.localeCompare(a.matchedAt))),
    }));
  }

  private openOnly(call: FetchCall): WantMatch[] {
    const status = new URLSearchParams(call.url.split('?')[1] ?? '').get('status');
    return this.matches.filter((m) => !status || status === 'all' || m.status === status);
  }

  private list<T>(rows: T[]) {
    return { results: rows, count: rows.length };
  }

  private check(body: WantInput) {
    if (!body.brand) return { status: 400, body: { brand: [WANT_PROBLEMS.brandRequired] } };
    return null;
  }

  /** The want as saved: what was sent, every field left out cleared (PUT), the price a number. */
  private saved(want: Want, body: WantInput): Want {
    const fields = {
      brand: body.brand,
      model: body.model ?? '',
      reference: body.reference ?? '',
      yearFrom: body.yearFrom ?? null,
      yearTo: body.yearTo ?? null,
      conditionGrade: body.conditionGrade ?? null,
      maxPrice: body.maxPrice === null || body.maxPrice === undefined ? null : Number(body.maxPrice),
      notes: body.notes ?? '',
    };
    Object.assign(want, fields);
    want.summary = wantSummary(want);
    return want;
  }

  private create(call: FetchCall) {
    const body = call.body as WantInput;
    const refused = this.check(body);
    if (refused) return refused;
    const want = this.saved(makeWant(this.nextId++, this.clientId), body);
    this.wants.unshift(want);
    this.route(want);
    return { status: 201, body: { ...want, newMatches: 0 } };
  }

  addWant(want: Want): Want {
    this.wants.push(want);
    this.route(want);
    return want;
  }

  addMatch(match: WantMatch): WantMatch {
    this.matches.push(match);
    const base = `/api/wants/matches/${match.id}/`;
    this.mock.on(`GET ${base}email/`, () => ({
      body: {
        to: { name: match.clientName, address: this.delivery === 'no-address' ? '' : 'grace@example.com' },
        subject: `${match.brand} ${match.model} for you`,
        text: `Dear Grace,\n\nWe have a ${match.brand} ${match.model} you may like.`,
        storefrontUrl: null,
        problem: this.delivery === 'no-address' ? WANT_PROBLEMS.noEmail : null,
      },
    }));
    this.mock.on(`POST ${base}email/`, (call) => {
      if (this.delivery === 'no-address') return { status: 409, body: { detail: WANT_PROBLEMS.noEmail } };
      this.sent.push(call.body as { subject?: string; text?: string });
      match.status = 'emailed';
      match.emailedAt = '2026-03-06T10:00:00.000Z';
      match.mailId = 77;
      return {
        body: {
          match,
          mail: {
            id: 77,
            status: this.delivery,
            lastError: this.delivery === 'sent' ? '' : MAIL_PROBLEMS.outboxOnly,
          },
        },
      };
    });
    this.mock.on(`POST ${base}dismiss/`, () => {
      match.status = 'dismissed';
      return { body: match };
    });
    return match;
  }

  private route(want: Want): void {
    const base = `/api/wants/${want.id}/`;
    this.mock.on(`PUT ${base}`, (call) => {
      const body = call.body as WantInput;
      const refused = this.check(body);
      if (refused) return refused;
      return { body: { ...this.saved(want, body), newMatches: 0 } };
    });
    this.mock.on(`DELETE ${base}`, () => {
      this.wants = this.wants.filter((w) => w !== want);
      this.matches = this.matches.filter((m) => m.wantId !== want.id);
      return { status: 204 };
    });
  }
}
