import { API_BASE, CSRF_COOKIE, CSRF_HEADER, sessionEndpoints } from '@loupe/contracts';
import { getCookie } from './cookies';

/** An answer from the server with a status outside 2xx; `data` is the parsed body (DRF's error shapes). */
export class HttpError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, data: unknown, message?: string) {
    super(message ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.data = data;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** `json` (default) parses the body; `blob` and `text` return it raw (downloads). */
  responseType?: 'json' | 'blob' | 'text';
  /** The browser finishes the request even if the page is left meanwhile (a deferred Undo toast's request). */
  keepalive?: boolean;
}

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Makes sure the `csrftoken` cookie exists, fetching `/csrf/` when it does not (SPEC §7). */
  ensureCsrf(): Promise<void>;
  /** Fetches `/csrf/` now; rejects when that fails (the login screen reports it). */
  refreshCsrf(): Promise<void>;
  /** Called on every 401 answer: the auth layer clears the user and sends the browser to /login. */
  setUnauthorizedHandler(handler: (() => void) | null): void;
}

export interface HttpClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The CSRF bootstrap call carries this header so the server (and any proxy) knows it must not be checked. */
export const SKIP_CSRF_HEADER = 'X-Skip-CSRF';

function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  let url = baseUrl + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(response: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? API_BASE;
  // Resolved per call so tests (and polyfills) that replace window.fetch after start-up are honoured.
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);
  let csrfInFlight: Promise<void> | null = null;
  let onUnauthorized: (() => void) | null = null;

  function fetchCsrf(): Promise<void> {
    if (!csrfInFlight) {
      csrfInFlight = doFetch(baseUrl + sessionEndpoints.csrf.path, {
        method: 'GET',
        credentials: 'include',
        headers: { [SKIP_CSRF_HEADER]: 'true' },
      })
        .then(async (response) => {
          // Only the cookie matters, but an unread body keeps the request open in the browser.
          await response.text().catch(() => undefined);
          if (!response.ok) throw new HttpError(response.status, null, 'Failed to fetch CSRF token');
        })
        .finally(() => {
          csrfInFlight = null;
        });
    }
    return csrfInFlight;
  }

  async function ensureCsrf(): Promise<void> {
    if (getCookie(CSRF_COOKIE) && !csrfInFlight) return;
    try {
      await fetchCsrf();
    } catch (error) {
      // SPEC §8: a failed CSRF fetch is only logged; the request goes on and the server answers for it.
      console.error('CSRF token fetch failed', error);
    }
  }

  async function send(
    method: HttpMethod,
    path: string,
    body: unknown,
    opts: RequestOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    let payload: BodyInit | undefined;
    if (body instanceof FormData || body instanceof Blob) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    } else if (method !== 'GET') {
      headers['Content-Type'] = 'application/json';
    }
    if (method !== 'GET') {
      await ensureCsrf();
      const token = getCookie(CSRF_COOKIE);
      if (token) headers[CSRF_HEADER] = token;
    }
    return doFetch(buildUrl(baseUrl, path, opts.query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: opts.signal,
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<T> {
    let response = await send(method, path, body, opts);
    if (response.status === 403) {
      // One retry per request after refreshing the token: the cookie may have rotated (sign-in) or expired.
      try {
        await fetchCsrf();
      } catch (error) {
        console.error('CSRF token refresh failed', error);
      }
      response = await send(method, path, body, opts);
    }
    if (response.status === 401) onUnauthorized?.();
    const data = await readBody(response, response.ok ? opts.responseType : 'json');
    if (!response.ok) throw new HttpError(response.status, data);
    return data as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    delete: (path, opts) => request('DELETE', path, undefined, opts),
    ensureCsrf,
    refreshCsrf: fetchCsrf,
    setUnauthorizedHandler(handler) {
      onUnauthorized = handler;
    },
  };
}

/** The one client every remote uses; `@loupe/platform` is a federation singleton, so this is shared too. */
export const http: HttpClient = createHttpClient();

/** The `detail` text of a DRF error body, when there is one. */
export function errorDetail(error: unknown): string | null {
  if (error instanceof HttpError && error.data && typeof error.data === 'object' && 'detail' in error.data) {
    const detail = (error.data as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return null;
}

/** DRF field errors (`{"email": ["..."]}`) as a map of field → joined message. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof HttpError && error.data && typeof error.data === 'object') {
    for (const [key, value] of Object.entries(error.data as Record<string, unknown>)) {
      if (Array.isArray(value)) out[key] = value.map(String).join(' ');
    }
  }
  return out;
}
