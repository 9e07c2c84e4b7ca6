import type { APIRequestContext } from 'playwright-core';
import { apiSend } from './api';

/** The parts of an item (contracts/src/inventory.ts) the browser tests read back through the API. */
export interface ApiItem {
  id: number;
  serial: string;
  stockType: string;
  brand: string;
  model: string;
  description: string;
  purchasePrice: number;
  tradePrice: number | null;
  retailPrice: number | null;
  status: 'available' | 'checked_out' | 'unavailable' | 'sold';
  checkout: { clientId: number; clientName: string } | null;
}

export interface ApiList<T> {
  results: T[];
  count: number;
}

/** A serial no other test (or earlier run against the same data) uses. */
export function uniqueSerial(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();
}

async function ok<T>(what: string, answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!answer.ok()) throw new Error(`${what} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

export async function listItems(
  api: APIRequestContext,
  query: Record<string, string>,
): Promise<ApiList<ApiItem>> {
  const qs = new URLSearchParams(query).toString();
  return ok(`GET items?${qs}`, await api.get(`/api/api/items/?${qs}`));
}

export async function getItem(api: APIRequestContext, id: number): Promise<ApiItem> {
  return ok(`GET item ${id}`, await api.get(`/api/api/items/${id}/`));
}

/** The one item with this exact serial. */
export async function itemBySerial(api: APIRequestContext, serial: string): Promise<ApiItem> {
  const list = await listItems(api, { search: serial });
  const item = list.results.find((candidate) => candidate.serial === serial);
  if (!item) throw new Error(`no item with serial ${serial}`);
  return item;
}

/** Adds an item through the API (the test's own record, so it does not depend on the demo data). */
export async function createItem(api: APIRequestContext, body: Record<string, unknown>): Promise<ApiItem> {
  return ok('POST items', await apiSend(api, 'POST', '/api/api/items/', body));
}

export interface ApiClient {
  id: number;
  name: string;
  hasItemCheckedOut: boolean;
}

/** Adds a client through the clients API. */
export async function createClient(api: APIRequestContext, name: string): Promise<ApiClient> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@e2e.loupe.example`;
  return ok('POST clients', await apiSend(api, 'POST', '/api/api/clients/', { name, email }));
}

/** A client as the clients list shows it (hasItemCheckedOut is a list field, SPEC §3). */
export async function clientInList(api: APIRequestContext, client: ApiClient): Promise<ApiClient> {
  const qs = new URLSearchParams({ search: client.name }).toString();
  const list = await ok<ApiList<ApiClient>>(`GET clients?${qs}`, await api.get(`/api/api/clients/?${qs}`));
  const found = list.results.find((candidate) => candidate.id === client.id);
  if (!found) throw new Error(`client ${client.id} is not listed when searching for its name`);
  return found;
}
