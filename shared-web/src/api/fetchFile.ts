import { CLIENT_ERRORS, httpErrorCode } from '@circo/shared-contracts';
import { ApiError } from './client';
import { readToken } from '../session/tokenStorage';

/**
 * GET a file of the API (a PDF, a CSV, a ZIP) with the session's token, as a Blob; a failure is
 * an ApiError with the API's code when it sent one.
 */
export async function fetchFile(
  path: string,
  query: Record<string, string | undefined> = {},
): Promise<Blob> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (err) {
    throw new ApiError(0, CLIENT_ERRORS.networkUnreachable, (err as Error).message);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(
      res.status,
      body?.code ?? httpErrorCode(res.status),
      body?.message ?? res.statusText,
    );
  }
  return res.blob();
}

/** Saves a Blob as a download named `name` (an object URL clicked, revoked a minute later). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
