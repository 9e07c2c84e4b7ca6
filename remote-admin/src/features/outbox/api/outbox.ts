import { endpoints, type OutboxList } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useApiMutation, useQuery, type ListQuery } from '@loupe/platform';

/** What the Outbox is filtered by in its URL, under the API's own parameter name. */
export const OUTBOX_FILTERS = ['status'] as const;
export type OutboxFilter = (typeof OUTBOX_FILTERS)[number];
export type OutboxListQuery = ListQuery<OutboxFilter>;

/** `GET /api/mail/outbox/`: one page of the shop's outgoing e-mail, newest first. */
export function getOutbox(query: OutboxListQuery, signal?: AbortSignal): Promise<OutboxList> {
  return api(endpoints.mail.outbox, { query, signal });
}

export const outboxQueryOptions = (query: OutboxListQuery) =>
  queryOptions({
    queryKey: queryKeys.mail.list(query),
    queryFn: ({ signal }) => getOutbox(query, signal),
  });

/** `GET /api/mail/outbox/{id}/`: one message with its bodies; no request for an id that cannot be one. */
export function useOutboxMessage(id: number) {
  return useQuery({
    queryKey: queryKeys.mail.detail(id),
    queryFn: ({ signal }) => api(endpoints.mail.message, { params: { id }, signal }),
    enabled: id > 0,
  });
}

/** `POST /api/mail/outbox/{id}/retry/`: one more delivery attempt; the list and the message are read again. */
export function useRetryMessage() {
  return useApiMutation(endpoints.mail.retry, {
    call: (id: number) => ({ params: { id } }),
    changes: ['mail'],
  });
}
