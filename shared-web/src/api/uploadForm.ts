import { CLIENT_ERRORS, httpErrorCode, type ApiErrorBody } from '@circo/shared-contracts';
import { readToken } from '../session/tokenStorage';
import { ApiError } from './client';

/**
 * POSTs a multipart body to our API with XMLHttpRequest, whose upload events give the progress
 * (fetch has none): 0-100 to `onProgress`. Errors are the API's coded ApiError, as `api` throws.
 * `signal` aborts it (the form's cancel button). `direct`: an upload straight to the media host
 * (Cloudinary's signed upload): `path` is its whole URL, and the session's token stays here.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  direct = false,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', direct ? path : `/api${path}`);
    const token = direct ? null : readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText || 'null');
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const err = (body ?? {}) as Partial<ApiErrorBody>;
      reject(
        new ApiError(
          xhr.status,
          err.code ?? httpErrorCode(xhr.status),
          err.message ?? xhr.statusText,
          err as ApiErrorBody,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, CLIENT_ERRORS.networkUnreachable, 'upload failed'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
