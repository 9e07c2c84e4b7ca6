import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PERMISSION_SETTINGS,
  SIGNED_OUT_AUTH_CHECK,
  type AuthCheck,
  type PermissionSettings,
  type Role,
  type Shop,
  type ShopMembership,
} from '@loupe/contracts';
import { AuthProvider } from './auth';
import { createQueryClient } from './query';
import { ThemeModeProvider } from './theme';

export interface FetchCall {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Cookies the "server" sets, e.g. `{ csrftoken: 'abc' }`. */
  cookies?: Record<string, string>;
}

export type MockHandler = MockResponse | ((call: FetchCall) => MockResponse | Promise<MockResponse>);

export interface FetchMock {
  fetch: typeof fetch;
  calls: FetchCall[];
  /** Calls whose method and service path (after `/api`) match. */
  callsTo(method: string, path: string): FetchCall[];
  /** Replaces or adds the handler for `METHOD /path/` (service path, query string ignored). */
  on(key: string, handler: MockHandler): void;
}

/**
 * A fake of the API for jsdom tests. Handlers are keyed `'GET /auth-check/'` (service paths without
 * `/api`); an unknown call answers 404 so a test never silently passes on a call it did not expect.
 */
export function createFetchMock(handlers: Record<string, MockHandler> = {}): FetchMock {
  const table = new Map<string, MockHandler>(Object.entries(handlers));
  const calls: FetchCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path =
      url
        .replace(/^https?:\/\/[^/]+/, '')
        .replace(/^\/api/, '')
        .split('?')[0] ?? '';
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      headers[key.toLowerCase()] = value;
    }
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: FetchCall = { method, url, path, headers, body };
    calls.push(call);
    const handler = table.get(`${method} ${path}`);
    const answer: MockResponse = !handler
      ? { status: 404, body: { detail: 'Not found.' } }
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    for (const [name, value] of Object.entries(answer.cookies ?? {}))
      document.cookie = `${name}=${value}; path=/`;
    const status = answer.status ?? 200;
    const text = answer.body === undefined || status === 204 ? '' : JSON.stringify(answer.body);
    // jsdom has no fetch Response; the client only reads these members.
    const response = {
      ok: status >= 200 && status < 300,
      status,
      headers: {
        get: (name: string) =>
          ({ 'content-type': 'application/json', ...answer.headers })[name.toLowerCase()] ?? null,
      },
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
      blob: async () => new Blob([text], { type: 'application/json' }),
    };
    return response as unknown as Response;
  };
  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method.toUpperCase() && c.path === path),
    on: (key, handler) => void table.set(key, handler),
  };
}

export const demoUsers = {
  platinum: {
    id: 1,
    username: 'platinum',
    email: 'platinum@loupe.test',
    first_name: 'Pat',
    last_name: 'Owner',
  },
  gold: { id: 2, username: 'gold', email: 'gold@loupe.test', first_name: 'Gil', last_name: 'Gold' },
  silver: { id: 3, username: 'silver', email: 'silver@loupe.test', first_name: 'Sil', last_name: 'Ver' },
} as const;

/**
 * The demo seed's shop, the one `authCheckAs` signs users into. Its days are kept in the zone the test runs in,
 * so a screen shows the same day before and after the auth-check answers; a test about another zone says so.
 */
export const demoShop: Shop = {
  id: 1,
  name: 'Loupe Demo',
  time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
};

export interface AuthCheckOptions {
  /** Every shop the user belongs to (default: the demo shop, in the given role, notice seen). */
  shops?: ShopMembership[];
  /** The active shop (default: the first of `shops`, as a shop); null for a user with none to work in. */
  shop?: Shop | null;
  /** The account must change its password before anything else (default false). */
  mustChangePassword?: boolean;
  /** The shop's permission settings (default: all off, e.g. silver sees no costs). */
  permissionSettings?: Partial<PermissionSettings>;
  /** The user is the shop's nominated officer (default false). */
  nominatedOfficer?: boolean;
}

/**
 * An auth-check answer for a signed-in user of the demo shop, or signed out; `options` describe a user of
 * several shops, one with no active shop, or one who must change the password.
 */
export function authCheckAs(role: Role | null, options: AuthCheckOptions = {}): AuthCheck {
  if (!role) return SIGNED_OUT_AUTH_CHECK;
  const shops = options.shops ?? [{ ...demoShop, role, is_new: false }];
  const first = shops[0];
  const shop =
    options.shop !== undefined
      ? options.shop
      : first
        ? { id: first.id, name: first.name, time_zone: first.time_zone }
        : null;
  return {
    user: { ...demoUsers[role] },
    role: shop ? role : null,
    shop,
    shops,
    must_change_password: options.mustChangePassword ?? false,
    permission_settings: { ...DEFAULT_PERMISSION_SETTINGS, ...options.permissionSettings },
    nominated_officer: shop ? (options.nominatedOfficer ?? false) : false,
  };
}

/** Renders the current location so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  route?: string;
  /** Where `ui` is mounted; defaults to the route's pathname (no query). */
  path?: string;
  /** Extra routes beside `ui`, e.g. a stub /login to land on. */
  extraRoutes?: ReactNode;
  fullPageLoad?: (url: string) => void;
  /** The cache to render with, e.g. one a test seeded; a fresh one otherwise. */
  queryClient?: QueryClient;
}

/**
 * The shell's cache settings, except that a failed query is not retried: a test that expects an error sees it
 * at once, instead of after the retry's delay (or not at all before its timeout).
 */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { retry: false } } });
}

export interface ProvidersRenderResult extends RenderResult {
  /** The cache this render uses, to seed it or to see what a mutation invalidated. */
  queryClient: QueryClient;
}

/**
 * Mounts `ui` inside the same providers the shell gives every remote: router, query cache, theme and auth.
 * Each call gets its own cache, so no test sees rows another test loaded.
 * Install the fetch mock first (`window.fetch = mock.fetch`) so the auth check is answered.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): ProvidersRenderResult {
  const route = options.route ?? '/';
  const path = options.path ?? route.split('?')[0] ?? '/';
  const queryClient = options.queryClient ?? createTestQueryClient();
  const view = render(
    <MemoryRouter initialEntries={[route]}>
      <QueryClientProvider client={queryClient}>
        <ThemeModeProvider>
          <AuthProvider fullPageLoad={options.fullPageLoad ?? (() => undefined)}>
            <Routes>
              <Route path={path} element={ui} />
              {options.extraRoutes}
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </AuthProvider>
        </ThemeModeProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}
export * from './fake-xhr';
