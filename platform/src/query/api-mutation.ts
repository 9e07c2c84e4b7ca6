import {
  useMutation,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { Endpoint } from '@loupe/contracts';
import { api, type ApiCall, type ApiResponse } from '../http/api';
import { invalidateResources, type Change } from './resources';

export interface ApiMutationOptions<E extends Endpoint, TVariables, TContext> extends Omit<
  UseMutationOptions<ApiResponse<E>, Error, TVariables, TContext>,
  'mutationFn'
> {
  /**
   * The endpoint's parameters, body and query from the hook's variables; without it (and without `send`)
   * the variables are the call itself.
   */
  call?: (variables: TVariables) => ApiCall<E>;
  /** Sends the change another way (an upload with progress, a fetcher shared with an Undo toast). */
  send?: (variables: TVariables) => Promise<ApiResponse<E>>;
  /**
   * What the change touches, by resource (`'items'`, `'invoices'`, … every query under that root) or by a key
   * under one (`queryKeys['stock-takes'].detail(id)`). The platform invalidates them once the service has the
   * change; a function names them from the variables and the answer.
   */
  changes:
    readonly Change[] | ((variables: TVariables, result: ApiResponse<E> | undefined) => readonly Change[]);
  /** `settled`: after a failure too (a 404 that says the record was already gone). Default `success`. */
  invalidateOn?: 'success' | 'settled';
  /**
   * Whether the mutation stays pending until the invalidated queries on screen have answered (default true,
   * so a dialog closes onto fresh rows); false lets it end at once (a scan field that takes the next serial).
   */
  awaitChanges?: boolean;
}

/**
 * A mutation of one endpoint of the map that declares what it changes:
 *
 *   useApiMutation(endpoints.items.sell, {
 *     call: ({ id, input }: { id: number; input: ItemSell }) => ({ params: { id }, body: input }),
 *     changes: ['items', 'clients', 'dashboard', 'reports', 'invoices'],
 *   });
 *
 * The answer is typed by the endpoint; after success (and after the hook's own `onSuccess`) the platform
 * invalidates `changes`, so a remote names another's data by its resource, never by a key it spells itself.
 */
export function useApiMutation<E extends Endpoint, TVariables = ApiCall<E>, TContext = unknown>(
  endpoint: E,
  options: ApiMutationOptions<E, TVariables, TContext>,
): UseMutationResult<ApiResponse<E>, Error, TVariables, TContext> {
  const queryClient = useQueryClient();
  const { call, send, changes, invalidateOn = 'success', awaitChanges = true, ...rest } = options;

  const invalidate = (variables: TVariables, result: ApiResponse<E> | undefined) => {
    const list = typeof changes === 'function' ? changes(variables, result) : changes;
    const done = invalidateResources(queryClient, list);
    return awaitChanges ? done : undefined;
  };

  return useMutation<ApiResponse<E>, Error, TVariables, TContext>({
    ...rest,
    mutationFn: (variables) => {
      if (send) return send(variables);
      const args = call ? call(variables) : variables;
      // `call` (or the variables, by default) is typed as ApiCall<E> above; the generic call cannot see it.
      const request = api as unknown as (endpoint: E, args: unknown) => Promise<ApiResponse<E>>;
      return request(endpoint, args);
    },
    onSuccess: async (data, variables, onMutateResult, context) => {
      await rest.onSuccess?.(data, variables, onMutateResult, context);
      if (invalidateOn === 'success') await invalidate(variables, data);
    },
    onSettled: async (data, error, variables, onMutateResult, context) => {
      await rest.onSettled?.(data, error, variables, onMutateResult, context);
      if (invalidateOn === 'settled') await invalidate(variables, data);
    },
  });
}
