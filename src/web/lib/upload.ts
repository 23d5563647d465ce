import type { UploadResponse } from '../../domain/contracts/uploads/upload-file';
import { isErrorBody } from '../../domain/errors';
import type { UploadPurpose } from '../../domain/uploads';
import { ApiError } from './api';
import { endpointUrl } from './call';
import { endpoints } from './endpoints.generated';

export type UploadOptions = {
  purpose: UploadPurpose;
  /** The file name sent with a Blob that has none (a camera capture). */
  filename?: string;
  /** Told the share sent so far, 0 to 1, while the file goes up. */
  onProgress?: (fraction: number) => void;
  /** The message of a failure the server did not explain (no connection, no JSON answer). */
  failedMessage?: string;
  signal?: AbortSignal;
};

const NETWORK_MESSAGE = 'Could not reach HalalNosh. Check your connection and try again.';

/**
 * The one upload client of every audience: POST /api/uploads?purpose=… with the file as
 * multipart form data (the server checks what the file really is). XMLHttpRequest rather than
 * fetch, because only it reports upload progress. A refusal comes back as an ApiError with the
 * server's code and message.
 */
export function uploadFile(file: Blob, options: UploadOptions): Promise<UploadResponse> {
  const { purpose, filename, onProgress, failedMessage, signal } = options;
  const form = new FormData();
  if (filename) form.append('file', file, filename);
  else form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpointUrl(endpoints.uploads.postUploads, { query: { purpose } }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (onProgress)
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', failedMessage ?? NETWORK_MESSAGE, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as UploadResponse);
      } else if (isErrorBody(data)) reject(new ApiError(data.error.code, data.error.message, xhr.status));
      else
        reject(
          new ApiError(
            xhr.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL',
            failedMessage ?? 'Upload failed',
            xhr.status,
          ),
        );
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
