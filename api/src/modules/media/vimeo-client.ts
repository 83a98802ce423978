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
  videoStatus(id: string): Promise<VideoStatus> {
    return new Promise((resolve, reject) => {
      this.client.request(
        {
          method: 'GET',
          path: `/videos/${encodeURIComponent(id)}`,
          query: { fields: 'status' },
        },
        (err, body, statusCode) => {
          if (statusCode === 404)
            return reject(new VimeoNotFoundError(`Vimeo video ${id} not found`));
          if (err) return reject(new VimeoUnavailableError(String((err as Error).message ?? err)));
          resolve(toVideoStatus((body as { status?: unknown } | undefined)?.status));
        },
      );
    });
  }
}
