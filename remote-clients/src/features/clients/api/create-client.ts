import { paths, type Client, type ClientCreate } from '@loupe/contracts';
import { http } from '@loupe/platform';

/** Add Client: 201 with the new client (balance 0, no KYC yet). */
export function createClient(input: ClientCreate): Promise<Client> {
  return http.post<Client>(paths.clients, input);
}
