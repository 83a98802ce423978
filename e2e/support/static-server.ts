import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
  '.map': 'application/json',
};

/** A CDN stand-in: serves one remote's build folder with CORS, as a separate deployment would. */
export async function serveFolder(
  dir: string,
  port = 0,
): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(
      join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)),
    );
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!path.startsWith(dir) || !existsSync(path) || !statSync(path).isFile()) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('Content-Type', TYPES[extname(path)] ?? 'application/octet-stream');
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
