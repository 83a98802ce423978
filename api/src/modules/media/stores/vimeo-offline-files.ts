import { Readable } from 'node:stream';
import { rangedAnswer } from '../byte-range.js';
import {
  pickOfflineFile,
  VimeoNotFoundError,
  type VimeoClient,
  type VimeoOfflineFile,
} from '../vimeo-client.js';
import { providerUnavailable } from './media-store.js';

/** How long a video's chosen file (or that it has none) is kept before Vimeo is asked again. */
export const OFFLINE_FILE_TTL_MS = 10 * 60_000;
/** A link is dropped this long before Vimeo's expiry, so a request never starts on a dead one. */
const EXPIRY_MARGIN_MS = 60_000;
const MAX_ENTRIES = 1000;

/** A Vimeo file ready to send: status, headers and the bytes (none for a 416). */
export interface VimeoFileAnswer {
  statusCode: 200 | 206 | 416;
  headers: Record<string, string>;
  stream: Readable | null;
}

/**
 * The downloadable copies of Vimeo videos (accounts with file links): which file each video
 * offers, kept briefly (Vimeo's links expire), and its bytes streamed from Vimeo with one `Range`
 * answered as a local file's is (206 + Content-Range, 416 past the end), so a student's download
 * and the service worker's range answers work the same for both.
 */
export class VimeoOfflineFiles {
  private readonly chosen = new Map<string, { file: VimeoOfflineFile | null; until: number }>();

  constructor(private readonly client: VimeoClient) {}

  /**
   * The file a student may download of video `id`, or null when the account gives no file links,
   * Vimeo does not know the video or does not answer (the video then stays "online only").
   */
  async fileOf(id: string, nowMs = Date.now()): Promise<VimeoOfflineFile | null> {
    const kept = this.chosen.get(id);
    if (kept && kept.until > nowMs) return kept.file;
    let file: VimeoOfflineFile | null;
    try {
      file = pickOfflineFile(await this.client.videoFiles(id));
    } catch (err) {
      if (!(err instanceof VimeoNotFoundError)) return null; // an outage is not remembered
      file = null;
    }
    const until = Math.min(
      nowMs + OFFLINE_FILE_TTL_MS,
      file?.expiresAt ? file.expiresAt - EXPIRY_MARGIN_MS : Infinity,
    );
    if (this.chosen.size >= MAX_ENTRIES) this.chosen.clear();
    this.chosen.set(id, { file, until });
    return file;
  }

  /**
   * The bytes of video `id`'s file for one `Range` (`headers`: the type and policy every private
   * file carries). A link Vimeo no longer honours is asked for again once; 404 is the caller's
   * when there is no file, 503 when Vimeo does not give the bytes.
   */
  async open(
    id: string,
    rangeHeader: string | undefined,
    headers: Record<string, string>,
    withBody: boolean,
  ): Promise<VimeoFileAnswer | null> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const file = await this.fileOf(id);
      if (!file) return null;
      const answer = rangedAnswer(rangeHeader, file.bytes, headers, (start, end) => ({
        start,
        end,
      }));
      if (!answer.body) return { ...answer, stream: null };
      // a HEAD: the headers only (an empty stream keeps the Content-Length Fastify would reset)
      if (!withBody) return { ...answer, stream: Readable.from([]) };
      const { start, end } = answer.body;
      const whole = answer.statusCode === 200;
      const res = await fetch(file.link, {
        headers: whole ? {} : { Range: `bytes=${start}-${end}` },
      }).catch(() => null);
      if (res && res.body && res.status === (whole ? 200 : 206)) {
        return { ...answer, stream: Readable.fromWeb(res.body as never) };
      }
      await res?.body?.cancel();
      if (!res || ![401, 403, 404, 410].includes(res.status)) break;
      this.chosen.delete(id); // an expired link: ask Vimeo for a fresh one
    }
    throw providerUnavailable('Vimeo');
  }
}
