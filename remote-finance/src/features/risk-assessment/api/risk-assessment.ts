import { API_BASE, endpoints, pathOf } from '@loupe/contracts';
import { api, apiUpload, queryKeys, queryOptions, useApiMutation } from '@loupe/platform';

/** Keys under the 'risk' root (a group of the endpoint map, so a resource of its own). */
export const riskKeys = queryKeys.risk;

/** `GET /api/compliance/risk-assessments/` (platinum): the version in force, every version, the review state. */
export const riskAssessmentsQuery = () =>
  queryOptions({
    queryKey: [...riskKeys.lists(), 'assessments'] as const,
    queryFn: ({ signal }) => api(endpoints.risk.assessments, { signal }),
  });

/** `GET /api/compliance/risk-settings/`: the shop's "Enhanced due diligence from" amount. */
export const riskSettingsQuery = () =>
  queryOptions({
    queryKey: [...riskKeys.all, 'settings'] as const,
    queryFn: ({ signal }) => api(endpoints.risk.settings, { signal }),
  });

export interface NewAssessment {
  file: File;
  ownerUserId: string;
  assessedOn: string;
  reviewOn: string;
  notes: string;
  onProgress(percent: number): void;
}

/**
 * `POST /api/compliance/risk-assessments/?ownerUserId=…&assessedOn=…&reviewOn=…&notes=…` with the document as
 * the one multipart part: a new version (the upload carries no other field).
 */
export const useAddAssessment = () =>
  useApiMutation(endpoints.risk.addAssessment, {
    send: ({ file, onProgress, ...fields }: NewAssessment) =>
      apiUpload(
        {
          ...endpoints.risk.addAssessment,
          path: `${endpoints.risk.addAssessment.path}?${new URLSearchParams({ ...fields })}`,
        },
        { file, onProgress: (p) => onProgress(p.percent) },
      ),
    changes: ['risk'],
  });

export const useSetThreshold = () =>
  useApiMutation(endpoints.risk.updateSettings, {
    call: (eddThresholdGbp: string) => ({ body: { eddThresholdGbp } }),
    changes: ['risk', 'clients'],
  });

/** Where the browser downloads a version's document (an attachment for the owner). */
export const assessmentFileUrl = (id: number) => API_BASE + pathOf(endpoints.risk.assessmentFile, { id });
