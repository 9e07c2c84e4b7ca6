import { request, type APIRequestContext, type APIResponse } from 'playwright-core';
import type { Account } from './accounts';

/** The CSRF token the server last set for this request context (it rotates at sign-in). */
export async function csrfToken(api: APIRequestContext): Promise<string> {
  const state = await api.storageState();
  let token = state.cookies.find((c) => c.name === 'csrftoken')?.value;
  if (!token) {
    const answer = await api.get('/api/csrf/');
    if (!answer.ok()) throw new Error(`GET /api/csrf/ answered ${answer.status()}`);
    token = (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value;
  }
  if (!token) throw new Error('the server set no csrftoken cookie');
  return token;
}

/** A non-GET call the way the platform client makes it: cookie echoed in X-CSRFToken. */
export async function apiSend(
  api: APIRequestContext,
  method: 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<APIResponse> {
  const headers = { 'X-CSRFToken': await csrfToken(api) };
  return method === 'POST' ? api.post(path, { data, headers }) : api.put(path, { data, headers });
}

/** A cookie-keeping HTTP client signed in as `account` (through the API, not the browser). */
export async function apiSignIn(baseUrl: string, account: Account): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: baseUrl });
  const answer = await apiSend(api, 'POST', '/api/token/', {
    username: account.username,
    password: account.password,
  });
  if (!answer.ok()) {
    const body = await answer.text();
    await api.dispose();
    throw new Error(`sign-in of ${account.username} through the API failed: ${answer.status()} ${body}`);
  }
  return api;
}

export interface AuthCheckAnswer {
  user: { id: number; username: string } | null;
  role: 'platinum' | 'gold' | 'silver' | null;
  shop: { id: number; name: string } | null;
}

export async function authCheck(api: APIRequestContext): Promise<AuthCheckAnswer> {
  const answer = await api.get('/api/auth-check/');
  if (!answer.ok()) throw new Error(`GET /api/auth-check/ answered ${answer.status()}`);
  return (await answer.json()) as AuthCheckAnswer;
}
