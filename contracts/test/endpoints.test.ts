import { Kind, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  DashboardPin,
  endpoints,
  paramNames,
  pathOf,
  paths,
  routes,
  schemasOf,
  type BodyOf,
  type Endpoint,
  type Item,
  type ItemList,
  type ItemQuery,
  type ItemSell,
  type PathParams,
  type QueryOf,
  type ReportType,
  type ResponseOf,
} from '../src';
import { typeIs, type Equal } from './type-assert';

const all: Array<[string, Endpoint]> = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members).map(([name, endpoint]): [string, Endpoint] => [`${group}.${name}`, endpoint]),
);

describe('the endpoint map', () => {
  it('declares each method and route pattern once', () => {
    const seen = new Map<string, string>();
    for (const [name, endpoint] of all) {
      const key = `${endpoint.method} ${endpoint.path}`;
      expect([key, seen.get(key)]).toEqual([key, undefined]);
      seen.set(key, name);
    }
    expect(seen.size).toBe(all.length);
  });

  it('writes every pattern the way the service serves it: absolute, with a trailing slash', () => {
    for (const [, endpoint] of all) expect(endpoint.path).toMatch(/^\/([a-z_-]+\/|:[A-Za-z]+\/)+$/);
  });

  it('names only schemas the contracts export, for every endpoint', () => {
    for (const [name, endpoint] of all) {
      const schemas = schemasOf(endpoint) as {
        response: Record<number, unknown>;
        querystring?: unknown;
        body?: unknown;
        params?: { properties: Record<string, unknown> };
      };
      const responses = Object.values(schemas.response);
      expect([name, responses.length > 0]).toEqual([name, true]);
      for (const schema of [...responses, schemas.querystring, schemas.body]) {
        if (schema !== undefined) expect([name, Kind in (schema as object)]).toEqual([name, true]);
      }
      expect(Object.keys(schemas.params?.properties ?? {})).toEqual(paramNames(endpoint.path));
    }
  });

  it('gives Fastify the schemas of an endpoint under its own keys', () => {
    const list = schemasOf(endpoints.items.list);
    expect(Object.keys(list).sort()).toEqual(['querystring', 'response']);
    expect(Object.keys(list.response)).toEqual(['200']);
    // Typed: the server coerces the query string's text before it checks.
    expect(Value.Check(list.querystring, { page: 2, promoted: true, status: 'available, sold' })).toBe(true);
    expect(Value.Check(list.querystring, { page: 0 })).toBe(false);
    expect(Value.Check(list.querystring, { page_size: 7 })).toBe(false);
    expect(Value.Check(list.querystring, { status: 'available,lost' })).toBe(false);
    expect(Value.Check(list.querystring, { page: 2, sort: 'x' })).toBe(false);

    const pin = schemasOf(endpoints.pins.create);
    expect(Object.keys(pin.response).sort()).toEqual(['200', '201']);
    expect(pin.response[201]).toBe(DashboardPin);
    expect(Value.Check(pin.body, { type: 'sales', range: 'daily' })).toBe(true);

    const image = schemasOf(endpoints.items.deleteImage);
    expect(Object.keys(image.response)).toEqual(['204']);
    expect(Value.Check(image.params, { id: '7', imageId: '3' })).toBe(true);
    expect(Value.Check(image.params, { id: '7' })).toBe(false);
  });

  it('types each endpoint from its schemas', () => {
    typeIs<Equal<ResponseOf<typeof endpoints.items.list>, ItemList>>(true);
    typeIs<Equal<ResponseOf<typeof endpoints.items.sell>, Item>>(true);
    typeIs<Equal<BodyOf<typeof endpoints.items.sell>, ItemSell>>(true);
    typeIs<Equal<QueryOf<typeof endpoints.items.list>, ItemQuery>>(true);
    typeIs<Equal<ItemQuery['page'], number | undefined>>(true);
    typeIs<Equal<ItemQuery['page_size'], 10 | 25 | 50 | 100 | undefined>>(true);
    typeIs<Equal<ItemQuery['promoted'], boolean | undefined>>(true);
    typeIs<Equal<QueryOf<typeof endpoints.reports.get>['type'], ReportType>>(true);
    typeIs<Equal<BodyOf<typeof endpoints.items.detail>, never>>(true);
    typeIs<Equal<ResponseOf<typeof endpoints.pins.delete>, null>>(true);
    typeIs<
      Equal<PathParams<'/api/items/:id/images/:imageId/'>, { id: number | string; imageId: number | string }>
    >(true);
    const image = schemasOf(endpoints.items.image);
    typeIs<Equal<Static<typeof image.params>, { id: string; imageId: string }>>(true);
    typeIs<Equal<Static<(typeof image.response)[200]>, unknown>>(true);
    expect(Object.keys(image.params.properties)).toEqual(['id', 'imageId']);
  });
});

describe('pathOf', () => {
  it('fills the parameters of a pattern', () => {
    expect(pathOf(endpoints.items.detail, { id: 7 })).toBe('/api/items/7/');
    expect(pathOf(endpoints.items.image, { id: 7, imageId: '12' })).toBe('/api/items/7/images/12/');
    expect(pathOf(endpoints.memberships.list, { shopId: 3 })).toBe('/api/shops/3/memberships/');
    expect(pathOf(endpoints.items.list)).toBe('/api/items/');
  });

  it('encodes what it puts in a path, so a value cannot reach another endpoint', () => {
    expect(pathOf(endpoints.clients.detail, { id: '../items/1' })).toBe('/api/clients/..%2Fitems%2F1/');
    expect(pathOf(endpoints.clients.detail, { id: 'a b?c#d' })).toBe('/api/clients/a%20b%3Fc%23d/');
  });

  it('refuses to build a path with a parameter missing', () => {
    const unchecked = pathOf as (endpoint: { path: string }, params?: Record<string, unknown>) => string;
    expect(() => unchecked(endpoints.items.detail, {})).toThrow('no value for "id"');
    expect(() => unchecked(endpoints.items.detail, { id: '' })).toThrow('no value for "id"');
    expect(() => unchecked(endpoints.items.image, { id: 1 })).toThrow('no value for "imageId"');
  });

  it('asks for exactly the parameters of the pattern (compile-time)', () => {
    // @ts-expect-error: the item's id is required
    expect(() => pathOf(endpoints.items.detail)).toThrow();
    // @ts-expect-error: imageId is missing
    expect(() => pathOf(endpoints.items.image, { id: 1 })).toThrow();
    // @ts-expect-error: the list takes no parameters
    expect(pathOf(endpoints.items.list, { id: 1 })).toBe('/api/items/');
  });
});

describe('paths and routes, derived from the map', () => {
  // The table as it was written by hand before the map, kept here to prove the derivation changed nothing.
  const before = {
    csrf: '/csrf/',
    authCheck: '/auth-check/',
    token: '/token/',
    logout: '/logout/',
    profileMe: '/api/profile/me/',
    profileUpdate: '/api/profile/update_profile/',
    changePassword: '/api/account/change-password/',
    memberships: '/api/shops/:shopId/memberships/',
    items: '/api/items/',
    itemsSummary: '/api/items/summary/',
    item: '/api/items/:id/',
    itemSell: '/api/items/:id/sell/',
    itemCheckOut: '/api/items/:id/check-out/',
    itemReturn: '/api/items/:id/return/',
    itemPromote: '/api/items/:id/promote/',
    itemImages: '/api/items/:id/images/',
    itemImage: '/api/items/:id/images/:imageId/',
    clients: '/api/clients/',
    client: '/api/clients/:id/',
    clientsSummary: '/api/clients/summary/',
    clientKyc: '/api/clients/:id/kyc/',
    clientKycDocument: '/api/clients/:id/kyc/:docId/',
    clientLedger: '/api/clients/:id/ledger/',
    clientHistory: '/api/clients/:id/history/',
    expenses: '/api/expenses/',
    quickSales: '/api/quick-sales/',
    reports: '/api/reports/',
    reportsCsv: '/api/reports/csv/',
    financeDashboard: '/api/dashboard/finance/',
    dashboardPins: '/api/dashboard/pins/',
    dashboardPin: '/api/dashboard/pins/:id/',
  };

  it('gives the server the same route patterns', () => {
    expect(routes).toEqual(before);
  });

  it('gives the browser the same paths, with the parameters in the pattern order', () => {
    expect(Object.keys(paths)).toEqual(Object.keys(before));
    for (const [key, pattern] of Object.entries(before)) {
      const path = paths[key as keyof typeof paths];
      const names = paramNames(pattern);
      if (names.length === 0) expect(path).toBe(pattern);
      else {
        const values = names.map((_, i) => 10 + i);
        const expected = names.reduce((p, name, i) => p.replace(`:${name}`, String(values[i])), pattern);
        expect((path as (...v: number[]) => string)(...values)).toBe(expected);
      }
    }
    expect(paths.itemImage(7, 12)).toBe('/api/items/7/images/12/');
    expect(paths.clientKycDocument('4', 9)).toBe('/api/clients/4/kyc/9/');
  });

  it('keeps the literal types the server relies on', () => {
    typeIs<Equal<typeof routes.memberships, '/api/shops/:shopId/memberships/'>>(true);
    typeIs<Equal<typeof paths.items, '/api/items/'>>(true);
    typeIs<Equal<Parameters<typeof paths.itemImage>, [number | string, number | string]>>(true);
  });
});

describe('the browser entry', () => {
  it('carries the map and paths without loading TypeBox', () => {
    jest.isolateModules(() => {
      jest.doMock('@sinclair/typebox', () => {
        throw new Error('TypeBox reached the browser entry');
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const browser = require('../src/browser') as typeof import('../src/browser');
      expect(browser.pathOf(browser.endpoints.items.detail, { id: 1 })).toBe('/api/items/1/');
      expect(browser.paths.item(1)).toBe('/api/items/1/');
    });
  });
});
