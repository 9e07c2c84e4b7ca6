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

/** The first clients whose name, email or phone matches `search` (all clients, by name, when empty). */
export function searchClients(search: string, signal?: AbortSignal): Promise<List<ClientOption>> {
  return http.get<List<ClientOption>>(paths.clients, {
    query: { search, page_size: 10, ordering: 'name' },
    signal,
  });
}
