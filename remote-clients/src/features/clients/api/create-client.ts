import { endpoints, pathOf, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { clientKeys } from '../../../api/client-keys';

type Client = ResponseOf<typeof endpoints.clients.create>;

/** Add Client: 201 with the new client (balance 0, no KYC yet). */
export function createClient(input: BodyOf<typeof endpoints.clients.create>): Promise<Client> {
  return http.post<Client>(pathOf(endpoints.clients.create), input);
}

/** A new client belongs in every list and count of clients, wherever it sorts. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
