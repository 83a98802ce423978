// The parts of @vimeo/vimeo (no bundled types) this API uses.
declare module '@vimeo/vimeo' {
  interface RequestOptions {
    method?: string;
    path: string;
    query?: Record<string, string | number>;
    headers?: Record<string, string>;
    protocol?: string;
    hostname?: string;
    port?: number;
  }
  type Callback = (err: unknown, body: unknown, statusCode?: number, headers?: unknown) => void;
  export class Vimeo {
    constructor(clientId: string | null, clientSecret: string | null, accessToken?: string);
    request(options: RequestOptions | string, callback: Callback): void;
    upload(
      file: string,
      params: Record<string, unknown>,
      complete: (uri: string) => void,
      progress: (sent: number, total: number) => void,
      error: (err: unknown) => void,
    ): void;
  }
  const sdk: { Vimeo: typeof Vimeo };
  export default sdk;
}
