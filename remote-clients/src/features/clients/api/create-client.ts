import { endpoints, type BodyOf } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';

/**
 * Add Client: 201 with the new client (balance 0, no KYC yet). A new client belongs in every list and count
 * of clients, wherever it sorts.
 */
export function useCreateClient() {
  return useApiMutation(endpoints.clients.create, {
    call: (input: BodyOf<typeof endpoints.clients.create>) => ({ body: input }),
    changes: ['clients'],
  });
}
