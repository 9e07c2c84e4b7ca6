import { endpoints, type BodyOf } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';

type ClientUpdate = BodyOf<typeof endpoints.clients.update>;

/**
 * Edit Client: every field of the form is sent; the balance changes only through the ledger. A new name or
 * status shows in the lists, the dashboard's client cards and the open client alike.
 */
export function useUpdateClient() {
  return useApiMutation(endpoints.clients.update, {
    call: ({ id, input }: { id: number; input: ClientUpdate }) => ({ params: { id }, body: input }),
    changes: ['clients'],
  });
}
