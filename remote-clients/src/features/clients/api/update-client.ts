import { endpoints, pathOf, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { clientKeys } from '../../../api/client-keys';

type Client = ResponseOf<typeof endpoints.clients.update>;
type ClientUpdate = BodyOf<typeof endpoints.clients.update>;

/** Edit Client: every field of the form is sent; the balance changes only through the ledger. */
export function updateClient(id: number, input: ClientUpdate): Promise<Client> {
  return http.put<Client>(pathOf(endpoints.clients.update, { id }), input);
}

/** A new name or status shows in the lists, the dashboard's client cards and the open client alike. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ClientUpdate }) => updateClient(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
