import type { UploadResponse } from '../../domain/contracts/uploads/upload-file';
import { fieldErrorsOf, isErrorBody } from '../../domain/errors';
import type { UploadPurpose } from '../../domain/uploads';
import { ApiError, type ClientErrorCode } from './api';
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

/** The upload's one form field, the file. */
export const UPLOAD_FILE_FIELD = 'file';

/** Refusals of the file itself: what it is, how large, how many pixels. */
const FILE_REFUSALS: readonly ClientErrorCode[] = ['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

/**
 * The ApiError of a refused upload. The multipart request has one field, `file`: a refusal of the
 * file itself (by its code: its type, size or pixels) names that field when the server named none,
 * so a form of the kit shows it beside its file control (docs/decisions/0219-one-form-kit.md).
 * A refusal of the person (403), the rate limit or a failure of the server stays about no field.
 */
export function uploadErrorOf(data: unknown, status: number, failedMessage?: string): ApiError {
  const error = isErrorBody(data)
    ? new ApiError(data.error.code, data.error.message, status, fieldErrorsOf(data))
    : new ApiError(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL', failedMessage ?? 'Upload failed', status);
  if (error.fields.length || !FILE_REFUSALS.includes(error.code)) return error;
  return new ApiError(error.code, error.message, status, [
    { in: 'body', path: UPLOAD_FILE_FIELD, message: error.message },
  ]);
}

/**
 * The one upload client of every audience: POST /api/uploads?purpose=… with the file as
 * multipart form data (the server checks what the file really is). XMLHttpRequest rather than
 * fetch, because only it reports upload progress. A refusal comes back as an ApiError with the
 * server's code and message, a refusal of the file naming the `file` field (uploadErrorOf).
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
      } else reject(uploadErrorOf(data, xhr.status, failedMessage));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
