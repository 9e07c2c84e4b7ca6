import {
  endpoints,
  type EnquiryDetail,
  type EnquiryList,
  type EnquiryReply,
  type List,
} from '@loupe/contracts';
import { api, queryOptions, resourceKeys, useApiMutation, useQuery, type ListQuery } from '@loupe/platform';

export type { EnquiryDetail, EnquiryList };
export type EnquiryRow = EnquiryList['results'][number];

/** What the list is filtered by in its URL, under the API's own parameter name (EnquiryQuery: new|open|all). */
export const ENQUIRY_LIST_FILTERS = ['status'] as const;
export type EnquiryListQuery = ListQuery<(typeof ENQUIRY_LIST_FILTERS)[number]>;

export const enquiryKeys = resourceKeys('enquiries');

/** `GET /api/enquiries/`: newest first, new ones by default, with the counts per filter. */
export function getEnquiries(query: EnquiryListQuery, signal?: AbortSignal): Promise<EnquiryList> {
  return api(endpoints.enquiries.list, { query, signal });
}

export const enquiriesQueryOptions = (query: EnquiryListQuery) =>
  queryOptions({ queryKey: enquiryKeys.list(query), queryFn: ({ signal }) => getEnquiries(query, signal) });

/** The same page for the list controller, which reads its rows and count (the counts are read beside it). */
export const enquiryPageOptions = (query: EnquiryListQuery) =>
  queryOptions({
    queryKey: enquiryKeys.list(query),
    queryFn: ({ signal }): Promise<List<EnquiryRow>> => getEnquiries(query, signal),
  });

/** The dashboard card: the newest new enquiries and how many there are. */
export const useNewEnquiries = () =>
  useQuery(enquiriesQueryOptions({ page: 1, page_size: 10, status: 'new' }));

/** `GET /api/enquiries/{id}/`: the message, its item, the client, the replies. */
export const useEnquiry = (id: number) =>
  useQuery({
    queryKey: enquiryKeys.detail(id),
    queryFn: ({ signal }) => api(endpoints.enquiries.detail, { params: { id }, signal }),
    enabled: id > 0,
  });

/** `POST /api/enquiries/{id}/reply/`: sent by the mailer, or kept in the outbox; the outbox shows it too. */
export const useReply = () =>
  useApiMutation(endpoints.enquiries.reply, {
    call: ({ id, body }: { id: number; body: EnquiryReply }) => ({ params: { id }, body }),
    changes: ['enquiries', 'mail'],
  });

/** `POST /api/enquiries/{id}/convert/`: links the client with that e-mail, or creates one. */
export const useConvert = () =>
  useApiMutation(endpoints.enquiries.convert, {
    call: (id: number) => ({ params: { id } }),
    changes: ['enquiries', 'clients'],
  });

/** `POST /api/enquiries/{id}/close/`. */
export const useCloseEnquiry = () =>
  useApiMutation(endpoints.enquiries.close, {
    call: (id: number) => ({ params: { id } }),
    changes: ['enquiries'],
  });
