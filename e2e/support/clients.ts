import type { APIRequestContext, APIResponse } from 'playwright-core';
import { apiSend } from './api';

/** The parts of the clients API (contracts/src/clients.ts) the browser tests read back. */
export interface ApiClientRecord {
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

export interface ApiBalanceRow {
  id: number;
  name: string;
  status: 'active' | 'inactive';
  balance: number;
}

export interface ApiClientSummary {
  total: number;
  active: number;
  inactive: number;
  withKyc: number;
  debtorCount: number;
  creditorCount: number;
  totalOwedToShop: number;
  totalOwedByShop: number;
  netBalance: number;
  debtors: ApiBalanceRow[];
  creditors: ApiBalanceRow[];
}

async function ok<T>(what: string, answer: APIResponse): Promise<T> {
  if (!answer.ok()) throw new Error(`${what} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** A client name no other test (or earlier run against the same data) uses. */
export function uniqueClientName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export const emailFor = (name: string) =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@e2e.loupe.example`;

export async function addClient(
  api: APIRequestContext,
  body: { name: string; email?: string; phone?: string; notes?: string },
): Promise<ApiClientRecord> {
  return ok(
    'POST clients',
    await apiSend(api, 'POST', '/api/api/clients/', { email: emailFor(body.name), ...body }),
  );
}

export async function getClientRecord(api: APIRequestContext, id: number): Promise<ApiClientRecord> {
  return ok(`GET client ${id}`, await api.get(`/api/api/clients/${id}/`));
}

/** The clients whose name, email or phone contains `search`. */
export async function findClients(api: APIRequestContext, search: string): Promise<ApiClientRecord[]> {
  const qs = new URLSearchParams({ search, page_size: '100' }).toString();
  const list = await ok<{ results: ApiClientRecord[] }>(
    `GET clients?${qs}`,
    await api.get(`/api/api/clients/?${qs}`),
  );
  return list.results;
}

/** One page of the clients list, as the API answers it for `query`. */
export async function listClients(
  api: APIRequestContext,
  query: Record<string, string>,
): Promise<{ results: ApiClientRecord[]; count: number }> {
  const qs = new URLSearchParams(query).toString();
  return ok(`GET clients?${qs}`, await api.get(`/api/api/clients/?${qs}`));
}

export async function getClientSummary(api: APIRequestContext): Promise<ApiClientSummary> {
  return ok('GET clients summary', await api.get('/api/api/clients/summary/'));
}

/** A money figure as the pages show it: `-£1,234.50`. */
export function pounds(value: number): string {
  const abs = Math.abs(value).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 ? '-' : ''}£${abs}`;
}

/** The first money figure in a text (a cell also carries an arrow and who owes whom). */
export function shownAmount(text: string): string {
  const match = /-?£[\d,]+\.\d{2}/.exec(text);
  if (!match) throw new Error(`no £ amount in ${JSON.stringify(text)}`);
  return match[0];
}

/** The first bytes of a PDF are all the service looks at to recognise one. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
