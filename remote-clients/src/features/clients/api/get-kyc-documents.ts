import { API_BASE, endpoints, pathOf, type ResponseOf } from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { clientKeys } from '../../../api/client-keys';

type ClientDocumentList = ResponseOf<typeof endpoints.clients.kycDocuments>;

/** Every KYC document on file for the client, newest first. */
export function getKycDocuments(clientId: number, signal?: AbortSignal): Promise<ClientDocumentList> {
  return api(endpoints.clients.kycDocuments, { params: { id: clientId }, signal });
}

export const kycDocumentsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: clientKeys.kyc(clientId),
    queryFn: ({ signal }) => getKycDocuments(clientId, signal),
  });

export function useKycDocuments(clientId: number) {
  return useQuery(kycDocumentsQueryOptions(clientId));
}

/**
 * Where the browser downloads a document: the service answers with an attachment, for the shop's staff only
 * (the session cookie goes along with a plain link).
 */
export const kycDownloadUrl = (clientId: number, documentId: number): string =>
  API_BASE + pathOf(endpoints.clients.kycDocument, { id: clientId, docId: documentId });
