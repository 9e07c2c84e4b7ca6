import { endpoints } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useApiMutation } from '@loupe/platform';

/** Keys under the 'retention' root (a group of the endpoint map, so a resource of its own). */
export const retentionKeys = queryKeys.retention;

/** `GET /api/compliance/retention/`: the clients whose five years are over, for review. */
export const retentionReviewQuery = () =>
  queryOptions({
    queryKey: retentionKeys.lists(),
    queryFn: ({ signal }) => api(endpoints.retention.list, { signal }),
  });

/** `POST /api/compliance/retention/delete/`: the nominated officer deletes a confirmed batch. */
export const useDeleteBatch = () =>
  useApiMutation(endpoints.retention.deleteBatch, {
    call: ({ clientIds, confirmation }: { clientIds: number[]; confirmation: string }) => ({
      body: { clientIds, confirmation },
    }),
    // The clients read "erased client" now, in their lists, pages and histories.
    changes: ['retention', 'clients', 'activity'],
  });
