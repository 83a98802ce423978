import vimeoSdk from '@vimeo/vimeo';
import type { VideoStatus } from '@circo/shared-contracts';

/** A Vimeo video id in a stored URL (vimeo.com/123, player.vimeo.com/video/123, /videos/123). */
export function vimeoIdOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const m =
    /^(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:video\/|videos\/|channels\/[^/]+\/)?(\d{1,15})(?:[/?#]|$)/i.exec(
      url.trim(),
    ) ?? /^\/?videos\/(\d{1,15})$/.exec(url.trim());
  return m ? m[1] : null;
}

/** The publicId our private-files route serves a Vimeo video's downloadable copy under. */
export const vimeoFilePublicId = (id: string): string => `vimeo/${id}.mp4`;

/** The Vimeo id of such a publicId, or null for any other file. */
export const vimeoIdOfFile = (publicId: string): string | null =>
  /^vimeo\/(\d{1,15})\.mp4$/.exec(publicId)?.[1] ?? null;

/** The embeddable player URL of a Vimeo video (the unlisted hash `h` kept when the link has one). */
export function vimeoPlayerUrl(id: string, sourceUrl?: string | null): string {
  let hash: string | null = null;
  if (sourceUrl) {
    hash = /vimeo\.com\/\d+\/([0-9a-f]{6,20})/i.exec(sourceUrl)?.[1] ?? null;
    if (!hash && URL.canParse(sourceUrl)) hash = new URL(sourceUrl).searchParams.get('h');
  }
  return `https://player.vimeo.com/video/${id}${hash ? `?h=${encodeURIComponent(hash)}` : ''}`;
}

/** Vimeo's `status` of a video as our three states. */
export function toVideoStatus(vimeoStatus: unknown): VideoStatus {
  switch (vimeoStatus) {
    case 'available':
      return 'available';
    case 'uploading':
    case 'transcoding':
    case 'transcode_starting':
    case 'in_progress':
      return 'processing';
    default:
      return 'error';
  }
}

/** Where the SDK sends its requests: api.vimeo.com unless `apiUrl` names a stand-in. */
function requestTarget(apiUrl: string | null): {
  protocol?: string;
  hostname?: string;
  port?: number;
} {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  return {
    protocol: u.protocol,
    hostname: u.hostname,
    port: u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80,
  };
}

/** One rendition of a video as Vimeo's `files` (or `download`) lists it. */
export interface VimeoFile {
  quality?: string;
  rendition?: string;
  type?: string;
  width?: number;
  height?: number;
  link?: string;
  size?: number;
  /** ISO instant the link stops working (`download` calls it `expires`) */
  link_expiration_time?: string;
  expires?: string;
}

/** The file a student may download: its link, size and until when the link works. */
export interface VimeoOfflineFile {
  link: string;
  bytes: number;
  /** ms since the epoch; null when Vimeo does not say */
  expiresAt: number | null;
}

/** The greatest height a downloaded class video is taken in (a phone's screen, a gym's storage). */
export const OFFLINE_MAX_HEIGHT = 720;

/**
 * The file to download among a video's renditions: a progressive `video/mp4` (not HLS or DASH),
 * the tallest up to 720 lines, else the smallest there is; null when there is none.
 */
export function pickOfflineFile(files: readonly VimeoFile[]): VimeoOfflineFile | null {
  const progressive = files.filter(
    (f) =>
      f.type === 'video/mp4' &&
      typeof f.link === 'string' &&
      /^https?:\/\//.test(f.link) &&
      f.quality !== 'hls' &&
      f.quality !== 'dash' &&
      f.rendition !== 'adaptive' &&
      Number.isSafeInteger(f.size) &&
      (f.size ?? 0) > 0 &&
      Number.isFinite(f.height),
  );
  const fits = progressive.filter((f) => f.height! <= OFFLINE_MAX_HEIGHT);
  const chosen = fits.length
    ? fits.reduce((a, b) => (b.height! > a.height! ? b : a))
    : progressive.reduce<VimeoFile | null>((a, b) => (!a || b.height! < a.height! ? b : a), null);
  if (!chosen) return null;
  const expires = Date.parse(chosen.link_expiration_time ?? chosen.expires ?? '');
  return {
    link: chosen.link!,
    bytes: chosen.size!,
    expiresAt: Number.isFinite(expires) ? expires : null,
  };
}

export class VimeoUnavailableError extends Error {}
export class VimeoNotFoundError extends Error {}

/** The Vimeo API through the official SDK (`@vimeo/vimeo`), with an access token. */
export class VimeoClient {
  private readonly client: InstanceType<typeof vimeoSdk.Vimeo>;

  constructor(token: string, apiUrl: string | null) {
    this.client = new vimeoSdk.Vimeo(null, null, token);
    if (apiUrl) {
      // every call of this instance, the SDK's own (upload's POST /me/videos) included, goes to
      // the configured origin; the SDK's module-wide defaults stay untouched
      const target = requestTarget(apiUrl);
      const request = this.client.request.bind(this.client);
      this.client.request = (options, callback) =>
        request(
          typeof options === 'string' ? { path: options, ...target } : { ...options, ...target },
          callback,
        );
    }
  }

  /**
   * Uploads a local file with the SDK's resumable (tus) upload: POST /me/videos, then the bytes to
   * the upload_link Vimeo answers. Answers the new video's numeric id.
   */
  upload(path: string, params: Record<string, unknown>): Promise<string> {
    return new Promise((resolve, reject) => {
      this.client.upload(
        path,
        params,
        (uri) => {
          const id = /\/videos\/(\d+)/.exec(uri)?.[1];
          if (id) resolve(id);
          else reject(new VimeoUnavailableError(`Vimeo answered no video id (${uri})`));
        },
        () => undefined,
        (err) => reject(new VimeoUnavailableError(String((err as Error)?.message ?? err))),
      );
    });
  }

  /** DELETE /videos/{id}; a video Vimeo no longer has counts as deleted. */
  deleteVideo(id: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.client.request(
        { method: 'DELETE', path: `/videos/${encodeURIComponent(id)}` },
        (err, _body, statusCode) => {
          if (statusCode === 404 || (!err && statusCode !== undefined && statusCode < 300))
            return resolve();
          reject(new VimeoUnavailableError(String((err as Error)?.message ?? err ?? statusCode)));
        },
      );
    });
  }

  /** GET /videos/{id}?fields=status: its processing state. */
  async videoStatus(id: string): Promise<VideoStatus> {
    const body = (await this.video(id, 'status')) as { status?: unknown } | null;
    return toVideoStatus(body?.status);
  }

  /**
   * GET /videos/{id}?fields=files,download: the renditions a student may download. Vimeo gives
   * them only to accounts with file access (Pro and above): an empty list otherwise (a 403 for
   * those fields included).
   */
  async videoFiles(id: string): Promise<VimeoFile[]> {
    const body = (await this.video(id, 'files,download', true)) as {
      files?: unknown;
      download?: unknown;
    } | null;
    const list = (v: unknown) => (Array.isArray(v) ? (v as VimeoFile[]) : []);
    return [...list(body?.files), ...list(body?.download)];
  }

  /** GET /videos/{id}?fields=...: null for a 403 when `forbiddenIsEmpty`; 404 VimeoNotFoundError. */
  private video(id: string, fields: string, forbiddenIsEmpty = false): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.client.request(
        { method: 'GET', path: `/videos/${encodeURIComponent(id)}`, query: { fields } },
        (err, body, statusCode) => {
          if (statusCode === 403 && forbiddenIsEmpty) return resolve(null);
          if (statusCode === 404)
            return reject(new VimeoNotFoundError(`Vimeo video ${id} not found`));
          if (err) return reject(new VimeoUnavailableError(String((err as Error).message ?? err)));
          resolve(body ?? null);
        },
      );
    });
  }
}
