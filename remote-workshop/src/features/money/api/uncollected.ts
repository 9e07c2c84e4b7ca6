import { API_BASE, endpoints, pathOf, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, resourceKeys, useApiMutation, type ListQuery } from '@loupe/platform';

export type UncollectedList = ResponseOf<typeof endpoints.workshopMoney.uncollected>;
export type UncollectedRow = UncollectedList['results'][number];
export type UncollectedNotice = ResponseOf<typeof endpoints.workshopMoney.notice>;

/** What the list is filtered by in its address: `due=true`, the pieces owed a reminder (the API's own name). */
export const UNCOLLECTED_FILTERS = ['due'] as const;
export type UncollectedFilter = (typeof UNCOLLECTED_FILTERS)[number];

/** Built from the endpoint map's group: the job money's details sit beside these lists under the same root. */
const moneyKeys = resourceKeys('workshopMoney');

/** `GET /api/workshop/uncollected/`: ready jobs not collected, longest-waiting first, with their dates. */
export const uncollectedQueryOptions = (query: ListQuery<UncollectedFilter>) =>
  queryOptions({
    queryKey: moneyKeys.list(query),
    queryFn: ({ signal }): Promise<UncollectedList> =>
      api(endpoints.workshopMoney.uncollected, {
        // The service reads due as a boolean: 'true' or nothing.
        query: { page: query.page, page_size: query.page_size, ...(query.due ? { due: true } : {}) },
        signal,
      }),
  });

/** What sending reminders or a notice changes: these lists, and the job (its history and audit trail). */
const NOTICE_CHANGES = ['workshopMoney', 'workshop', 'mail'] as const;

/** `POST /api/workshop/uncollected/reminders/`: every reminder due today, recorded once and e-mailed if it can be. */
export const useSendReminders = () =>
  useApiMutation(endpoints.workshopMoney.remind, { changes: NOTICE_CHANGES });

/** `POST /api/workshop/jobs/{id}/uncollected-notice/` → 201 the notice (400 saleAfter too soon, 409 not ready). */
export const useGiveNotice = () =>
  useApiMutation(endpoints.workshopMoney.notice, {
    call: ({ id, body }: { id: number; body: BodyOf<typeof endpoints.workshopMoney.notice> }) => ({
      params: { id },
      body,
    }),
    changes: NOTICE_CHANGES,
  });

/** The notice to post (registered post or recorded delivery), as the service prints it. */
export const noticePdfUrl = (id: number) => `${API_BASE}${pathOf(endpoints.workshopMoney.noticePdf, { id })}`;
