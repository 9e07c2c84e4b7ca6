import { endpoints, pathOf, type Client } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { clientKeys } from '../../../api/client-keys';

/** Records that the signed-in member verified the client's identity on `verifiedOn` (issue 13). */
export function verifyClient(id: number, verifiedOn: string): Promise<Client> {
  return http.post<Client>(pathOf(endpoints.clients.verify, { id }), { verifiedOn });
}

/** Withdraws the client's verification record. */
export function unverifyClient(id: number): Promise<Client> {
  return http.delete<Client>(pathOf(endpoints.clients.unverify, { id }));
}

/** Either way the client (its panel, the lists) and its History change: everything under ['clients']. */
export function useVerification() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientKeys.all });
  return {
    verify: useMutation({
      mutationFn: ({ id, verifiedOn }: { id: number; verifiedOn: string }) => verifyClient(id, verifiedOn),
      onSuccess: refresh,
    }),
    unverify: useMutation({ mutationFn: (id: number) => unverifyClient(id), onSuccess: refresh }),
  };
}
