import {
  API_BASE,
  endpoints,
  pathOf,
  type SuspicionCreate,
  type SuspicionDecision,
  type SuspicionReportList,
} from '@loupe/contracts';
import { api, queryKeys, queryOptions, useApiMutation } from '@loupe/platform';

/** Keys under the 'suspicions' root (a group of the endpoint map, so a resource of its own). */
export const suspicionKeys = queryKeys.suspicions;

/** `GET /api/compliance/suspicions/`: the register, for the nominated officer alone (403 for anyone else). */
export function getSuspicions(signal?: AbortSignal): Promise<SuspicionReportList> {
  return api(endpoints.suspicions.list, { signal });
}

export const suspicionsQuery = () =>
  queryOptions({ queryKey: suspicionKeys.all, queryFn: ({ signal }) => getSuspicions(signal) });

/** `POST /api/compliance/suspicions/`: any member reports; the answer is a reference, nothing more. */
export const useReportSuspicion = () =>
  useApiMutation(endpoints.suspicions.create, {
    call: (body: SuspicionCreate) => ({ body }),
    changes: ['suspicions'],
  });

/** `POST /api/compliance/suspicions/{id}/decision/`: the officer's decision, audited. */
export const useDecideSuspicion = () =>
  useApiMutation(endpoints.suspicions.decide, {
    call: ({ id, ...body }: SuspicionDecision & { id: number }) => ({ params: { id }, body }),
    changes: ['suspicions', 'activity'],
  });

/** Where the browser fetches the year's summary PDF: a plain link, saved under the server's file name. */
export const complianceSummaryUrl = (year: number): string =>
  `${API_BASE}${pathOf(endpoints.suspicions.summaryPdf)}?year=${year}`;
