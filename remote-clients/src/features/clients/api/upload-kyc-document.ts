import { endpoints, type ResponseOf } from '@loupe/contracts';
import { apiUpload, useApiMutation } from '@loupe/platform';

type ClientDocument = ResponseOf<typeof endpoints.clients.addKycDocument>;

/**
 * `POST /api/clients/{id}/kyc/` (multipart field `file`), with upload progress in whole percent. The service
 * recognises PDF, JPEG and PNG by their bytes, whatever the name says.
 */
export function uploadKycDocument(
  clientId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ClientDocument> {
  return apiUpload(endpoints.clients.addKycDocument, {
    params: { id: clientId },
    file,
    onProgress: (progress) => onProgress(progress.percent),
    signal,
  });
}

/** The first paper turns the client's KYC to Yes in every list, and adds itself to the papers on file. */
export function useUploadKycDocument() {
  return useApiMutation(endpoints.clients.addKycDocument, {
    send: ({
      clientId,
      file,
      onProgress,
    }: {
      clientId: number;
      file: File;
      onProgress(percent: number): void;
    }) => uploadKycDocument(clientId, file, onProgress),
    changes: ['clients'],
  });
}
