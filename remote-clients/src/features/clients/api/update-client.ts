import { paths, type Client, type ClientUpdate } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** Edit Client: every field of the form is sent; the balance changes only through the ledger. */
export function updateClient(id: number, input: ClientUpdate): Promise<Client> {
  return http.put<Client>(paths.client(id), input);
}
