import { paths, type ClientDocument } from '@loupe/contracts';
import { upload } from '@loupe/platform';

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
  return upload<ClientDocument>(paths.clientKyc(clientId), file, {
    fieldName: 'file',
    onProgress: (progress) => onProgress(progress.percent),
    signal,
  });
}
