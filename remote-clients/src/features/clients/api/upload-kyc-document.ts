import { endpoints, pathOf, type ResponseOf } from '@loupe/contracts';
import { upload, useMutation, useQueryClient } from '@loupe/platform';
import { clientKeys } from '../../../api/client-keys';

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
  return upload<ClientDocument>(pathOf(endpoints.clients.addKycDocument, { id: clientId }), file, {
    fieldName: endpoints.clients.addKycDocument.upload,
    onProgress: (progress) => onProgress(progress.percent),
    signal,
  });
}

/** The first paper turns the client's KYC to Yes in every list, and adds itself to the papers on file. */
export function useUploadKycDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      clientId,
      file,
      onProgress,
    }: {
      clientId: number;
      file: File;
      onProgress(percent: number): void;
    }) => uploadKycDocument(clientId, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
