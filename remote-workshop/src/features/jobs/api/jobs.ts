import { endpoints, type BodyOf, type ResponseOf } from '@loupe/contracts';
import {
  api,
  apiUpload,
  queryOptions,
  resourceKeys,
  useApiMutation,
  useQuery,
  type ListQuery,
} from '@loupe/platform';

export type JobList = ResponseOf<typeof endpoints.workshop.list>;
export type JobRow = JobList['results'][number];
export type Job = ResponseOf<typeof endpoints.workshop.detail>;
export type JobBody = BodyOf<typeof endpoints.workshop.create>;
export type MoveBody = BodyOf<typeof endpoints.workshop.moveStage>;
export type EstimateBody = BodyOf<typeof endpoints.workshop.setEstimate>;

/** What the jobs list is filtered by in its URL, under the API's own parameter names (JobQuery). */
export const JOB_FILTERS = ['stage', 'rush', 'overdue', 'q', 'supplier'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];
export type JobListQuery = ListQuery<JobFilter>;

/** Built here from the endpoint map's group, not read from the shell's `queryKeys` (an older shell lacks it). */
export const jobKeys = resourceKeys('workshop');

/** `GET /api/workshop/jobs/`: one page of jobs, open ones first by promised date (rush first). */
export function getJobs(query: JobListQuery, signal?: AbortSignal): Promise<JobList> {
  return api(endpoints.workshop.list, { query, signal });
}

export const jobsQueryOptions = (query: JobListQuery) =>
  queryOptions({ queryKey: jobKeys.list(query), queryFn: ({ signal }) => getJobs(query, signal) });

export const useJobs = (query: JobListQuery) => useQuery(jobsQueryOptions(query));

/** `GET /api/workshop/jobs/{id}/`: the job whole, with its estimate, photos and stage history. */
export const jobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => api(endpoints.workshop.detail, { params: { id }, signal }),
  });

export const useJob = (id: number) => useQuery({ ...jobQueryOptions(id), enabled: id > 0 });

/**
 * `POST /api/workshop/jobs/{id}/stage/` → the job; 409 `{detail}` in the contracts' rule's words when the
 * service refuses the move (someone moved it first, or the board knew less than the service).
 */
export const useMoveJob = () =>
  useApiMutation(endpoints.workshop.moveStage, {
    call: ({ id, body }: { id: number; body: MoveBody }) => ({ params: { id }, body }),
    changes: ['workshop'],
  });

/** `POST /api/workshop/jobs/` → 201 the job, numbered. */
export const useCreateJob = () =>
  useApiMutation(endpoints.workshop.create, {
    call: (body: JobBody) => ({ body }),
    changes: ['workshop'],
  });

/** `PUT /api/workshop/jobs/{id}/estimate/`: replaces the estimate's lines (and the deposit asked). */
export const useSetEstimate = () =>
  useApiMutation(endpoints.workshop.setEstimate, {
    call: ({ id, body }: { id: number; body: EstimateBody }) => ({ params: { id }, body }),
    // The lines are what the job's money counts (its Work and Left to pay): that card refreshes too.
    changes: ['workshop', 'workshopMoney'],
  });

/** `POST /api/workshop/jobs/{id}/photos/`: one condition photo, once the job is saved. */
export function uploadJobPhoto(id: number, file: File): Promise<Job> {
  return apiUpload(endpoints.workshop.uploadPhoto, { params: { id }, file });
}

/** `PUT /api/workshop/jobs/{id}/`: the promised date and the rush flag. */
export const useUpdateJob = () =>
  useApiMutation(endpoints.workshop.update, {
    call: ({ id, body }: { id: number; body: BodyOf<typeof endpoints.workshop.update> }) => ({
      params: { id },
      body,
    }),
    changes: ['workshop'],
  });
