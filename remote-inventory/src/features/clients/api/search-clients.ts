import { paths, type List } from '@loupe/contracts';
import { http } from '@loupe/platform';

/**
 * What the pickers read of a client (SPEC §3: id, name, email, status). The clients service owns the full
 * shape; this remote only relies on these fields of `GET /api/clients/`.
 */
export interface ClientOption {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'inactive';
}

/**
 * The first page of clients whose name, email or phone matches `search` (the first clients when empty), in
 * the list's own order: only `search` and `page_size`, which every list of the API takes.
 */
export function searchClients(search: string, signal?: AbortSignal): Promise<List<ClientOption>> {
  return http.get<List<ClientOption>>(paths.clients, { query: { search, page_size: 10 }, signal });
}
