/**
 * GET `url` within `timeoutMs`, a failure said in a few words (`no answer within 2000 ms`,
 * `ECONNREFUSED`) for the operator's log; the answer is returned whatever its status.
 */
export async function fetchWithin(url: string, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    throw new Error(
      e.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (e.cause?.code ?? e.cause?.message ?? e.message),
      { cause: err },
    );
  }
}
