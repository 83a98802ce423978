// A fetch implementation the test controls: it answers the routes a test declares, records every
// request, and can hold an answer back until the test releases it. It stands in for the network
// (the HTTP server), never for our own modules: the API client, stores and hooks run as they are.

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** A raw text body (e.g. an HTML error page), instead of JSON. */
  text?: string;
  /** Response headers (names in lower case). */
  headers?: Record<string, string>;
}

type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export class FakeApi {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, Handler>();

  /** Answers `METHOD /path` (path without the query string). */
  on(method: string, path: string, handler: Handler | Reply): this {
    this.routes.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    return this;
  }

  /** Requests made to `path` (any method, any query). */
  count(path: string): number {
    return this.requests.filter((r) => r.url.pathname === path).length;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    // relative URLs resolve against the page, as in a browser
    const url = new URL(
      typeof input === 'object' && 'url' in input ? input.url : String(input),
      window.location.href,
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const sent = { ...(init.headers as Record<string, string> | undefined) };
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const req: RecordedRequest = { method, url, headers: sent, body };
    this.requests.push(req);
    const handler = this.routes.get(`${method} ${url.pathname}`);
    const reply: Reply = handler ? await handler(req) : { status: 404, body: notFound(url) };
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    const headers = reply.headers ?? {};
    const response = (): Response =>
      ({
        ok: status >= 200 && status < 300,
        status,
        statusText: String(status),
        headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
        text: () => Promise.resolve(text),
        json: () => Promise.resolve(JSON.parse(text) as unknown),
        blob: () => Promise.resolve(new Blob([text])),
        clone: response,
      }) as unknown as Response;
    return response();
  };
}

function notFound(url: URL) {
  return { statusCode: 404, code: 'common.not_found', message: `no route ${url.pathname}` };
}

/** A promise the test settles by hand: holds an answer back until the test says so. */
export function gate<T>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A new FakeApi installed as the page's fetch (call it in beforeEach: one per test). */
export function installFakeApi(): FakeApi {
  const api = new FakeApi();
  globalThis.fetch = api.fetch as typeof fetch;
  return api;
}
