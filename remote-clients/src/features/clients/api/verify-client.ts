import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';

/**
 * Records that the signed-in member verified the client's identity on `verifiedOn` (issue 13), or withdraws
 * the record. Either way the client (its panel, the lists) and its History change: the clients resource.
 */
export function useVerification() {
  return {
    verify: useApiMutation(endpoints.clients.verify, {
      call: ({ id, verifiedOn }: { id: number; verifiedOn: string }) => ({
        params: { id },
        body: { verifiedOn },
      }),
      changes: ['clients'],
    }),
    unverify: useApiMutation(endpoints.clients.unverify, {
      call: (id: number) => ({ params: { id } }),
      changes: ['clients'],
    }),
  };
}
