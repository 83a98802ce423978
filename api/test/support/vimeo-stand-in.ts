import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const VIMEO_TOKEN = 'vimeo-test-token';

/** What the stand-in knows of one video: its status and, for an account with file access, its files. */
export interface StandInVideo {
  status: string;
  /** the bytes of its progressive renditions (one content for every rendition) */
  bytes?: Buffer;
  /** answer `files` and `download` (a Pro account); false: neither (a Basic account) */
  files?: boolean;
  /** answer 403 when `files` is asked (Vimeo's answer to an account without file access) */
  forbidFiles?: boolean;
}

/**
 * A local stand-in of the Vimeo API, in its real answer shapes: GET /videos/{id}?fields=... (the
 * status, and `files`/`download` lists of renditions for an account with file access), and the
 * renditions' own links (`/progressive/<id>/<height>/<generation>.mp4`), which honour one `Range`
 * as Vimeo's file servers do. A link given before `expireLinks()` answers 403 (expired).
 */
export function vimeoStandIn() {
  const videos = new Map<string, StandInVideo>();
  const seen: IncomingMessage[] = [];
  const fileRequests: Array<{ url: string; range: string | undefined }> = [];
  let generation = 0;
  let deadUpTo = 0;
  let origin = '';

  const rendition = (id: string, height: number, size: number, gen: string) => ({
    quality: height >= 720 ? 'hd' : 'sd',
    rendition: `${height}p`,
    type: 'video/mp4',
    width: Math.round((height * 16) / 9),
    height,
    link: `${origin}/progressive/${id}/${height}/${gen}.mp4`,
    link_expiration_time: new Date(Date.now() + 3600_000).toISOString(),
    created_time: '2024-01-01T00:00:00+00:00',
    fps: 25,
    // the renditions differ in size; the stand-in serves the same bytes under each
    size: height === 720 ? size : size * (height / 360),
    md5: null,
    public_name: `${height >= 720 ? 'HD' : 'SD'} ${height}p`,
    size_short: `${size} B`,
  });

  function filesOf(id: string, v: StandInVideo) {
    const gen = String((generation += 1));
    const size = v.bytes?.length ?? 0;
    return {
      files: [
        {
          quality: 'hls',
          rendition: 'adaptive',
          type: 'video/mp4',
          link: `${origin}/external/${id}.m3u8`,
          link_expiration_time: new Date(Date.now() + 3600_000).toISOString(),
          public_name: 'Adaptive',
          size_short: null,
          md5: null,
        },
        rendition(id, 360, size, gen),
        rendition(id, 1080, size, gen),
        rendition(id, 720, size, gen),
      ],
      download: [
        {
          ...rendition(id, 1080, size, gen),
          quality: 'source',
          rendition: 'source',
          type: 'source',
          public_name: 'Original',
          expires: new Date(Date.now() + 3600_000).toISOString(),
        },
      ],
    };
  }

  function serveFile(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const m = /^\/progressive\/(\d+)\/(\d+)\/(\d+)\.mp4$/.exec(req.url ?? '');
    const bytes = m ? videos.get(m[1])?.bytes : undefined;
    fileRequests.push({ url: req.url ?? '', range: req.headers.range });
    if (!m || !bytes) return res.writeHead(404).end();
    if (Number(m[3]) <= deadUpTo) return res.writeHead(403).end('expired');
    const r = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!r) {
      return res
        .writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': bytes.length })
        .end(bytes);
    }
    const [start, end] = [Number(r[1]), Math.min(Number(r[2]), bytes.length - 1)];
    res
      .writeHead(206, {
        'Content-Type': 'video/mp4',
        'Content-Range': `bytes ${start}-${end}/${bytes.length}`,
        'Content-Length': end - start + 1,
      })
      .end(bytes.subarray(start, end + 1));
  }

  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/progressive/')) return serveFile(req, res);
    seen.push(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const m = /^\/videos\/(\d+)$/.exec(url.pathname);
    const video = m ? videos.get(m[1]) : undefined;
    const fields = (url.searchParams.get('fields') ?? '').split(',');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${VIMEO_TOKEN}`) return json(401, { error: 'x' });
    if (!m || !video) return json(404, { error: 'The requested video could not be found' });
    const asksFiles = fields.includes('files') || fields.includes('download');
    if (asksFiles && video.forbidFiles) {
      return json(403, { error: 'You do not have access to the files of this video' });
    }
    const body: Record<string, unknown> = {};
    if (fields.includes('status')) body.status = video.status;
    if (asksFiles && video.files) Object.assign(body, filesOf(m[1], video));
    json(200, body);
  });

  return {
    server,
    videos,
    seen,
    fileRequests,
    /** Every file link given so far stops working (Vimeo's links expire). */
    expireLinks: () => {
      deadUpTo = generation;
    },
    /** Starts listening; answers the origin to configure as the Vimeo API's. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return origin;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}
