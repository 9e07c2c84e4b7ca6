import { endpoints, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, resourceKeys, useApiMutation, useQuery } from '@loupe/platform';

export type JobMoney = ResponseOf<typeof endpoints.workshopMoney.money>;

const moneyKeys = resourceKeys('workshopMoney');

/** `GET /api/workshop/jobs/{id}/money/`: what the job's lines come to, what was paid through its deal, what is left. */
export const useJobMoney = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: moneyKeys.detail(id),
      queryFn: ({ signal }) => api(endpoints.workshopMoney.money, { params: { id }, signal }),
    }),
  );

/** What taking money changes: the job (collected), its money, and the sales workflow's deal and invoice. */
const MONEY_CHANGES = ['workshop', 'workshopMoney', 'deals', 'invoices'] as const;

/** `POST /api/workshop/jobs/{id}/deposit/`: money in before collection, through the job's deal (AML guard: 409). */
export const useTakeDeposit = () =>
  useApiMutation(endpoints.workshopMoney.deposit, {
    call: ({ id, body }: { id: number; body: BodyOf<typeof endpoints.workshopMoney.deposit> }) => ({
      params: { id },
      body,
    }),
    changes: MONEY_CHANGES,
  });

/** `POST /api/workshop/jobs/{id}/collect/`: the last payments; the job is invoiced and collected (409 if unpaid). */
export const useCollectJob = () =>
  useApiMutation(endpoints.workshopMoney.collect, {
    call: ({ id, body }: { id: number; body: BodyOf<typeof endpoints.workshopMoney.collect> }) => ({
      params: { id },
      body,
    }),
    changes: MONEY_CHANGES,
  });
