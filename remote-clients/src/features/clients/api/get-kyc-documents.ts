import { API_BASE, paths, type ClientDocumentList } from '@loupe/contracts';
import { http, useLegacyQuery, type QueryResult } from '@loupe/platform';

export function getKycDocuments(clientId: number, signal?: AbortSignal): Promise<ClientDocumentList> {
  return http.get<ClientDocumentList>(paths.clientKyc(clientId), { signal });
}

/** Every KYC document on file for the client, newest first. */
export function useKycDocuments(clientId: number): QueryResult<ClientDocumentList> {
  return useLegacyQuery(`kyc:${clientId}`, (signal) => getKycDocuments(clientId, signal));
}

/**
 * Where the browser downloads a document: the service answers with an attachment, for the shop's staff only
 * (the session cookie goes along with a plain link).
 */
export const kycDownloadUrl = (clientId: number, documentId: number): string =>
  API_BASE + paths.clientKycDocument(clientId, documentId);
