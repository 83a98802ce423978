import { Agent } from 'node:http';
import cloudinary from 'cloudinary';
import type { CloudinaryCredentials } from '../media/index.js';

export type DeliveryType = 'upload' | 'authenticated';
type ResourceType = 'image' | 'raw' | 'video';

/**
 * Cloudinary through the official SDK, with the credentials passed on each call (no module-wide
 * config). `apiUrl` is the SDK's upload_prefix (tests: a local stand-in). The SDK picks https
 * at load time, so a plain-http origin gets an http agent of its own.
 */
export class CloudinaryUploader {
  private readonly agent: Agent | undefined;

  constructor(
    private readonly creds: CloudinaryCredentials,
    private readonly apiUrl: string | null,
  ) {
    this.agent = apiUrl?.startsWith('http:') ? new Agent() : undefined;
  }

  private get options() {
    return {
      cloud_name: this.creds.cloudName,
      api_key: this.creds.apiKey,
      api_secret: this.creds.apiSecret,
      ...(this.apiUrl ? { upload_prefix: this.apiUrl } : {}),
      ...(this.agent ? { agent: this.agent } : {}),
    };
  }

  /** The signature of a direct browser upload of these params (SHA-1, the SDK's api_sign_request). */
  sign(params: Record<string, string | number>): string {
    return cloudinary.v2.utils.api_sign_request(params, this.creds.apiSecret);
  }

  get apiKey(): string {
    return this.creds.apiKey;
  }

  get cloudName(): string {
    return this.creds.cloudName;
  }

  /** Where a browser posts a direct upload. */
  uploadUrl(resourceType: ResourceType): string {
    const base = this.apiUrl ?? 'https://api.cloudinary.com';
    return `${base}/v1_1/${encodeURIComponent(this.creds.cloudName)}/${resourceType}/upload`;
  }

  /** The delivery URL of an asset we named (no version: Cloudinary serves the latest). */
  deliveryUrl(publicId: string, resourceType: ResourceType, type: DeliveryType): string {
    return `https://res.cloudinary.com/${encodeURIComponent(this.creds.cloudName)}/${resourceType}/${type}/${publicId}`;
  }

  /** Uploads a local file under `publicId`; answers Cloudinary's secure_url. */
  async upload(
    path: string,
    publicId: string,
    resourceType: ResourceType,
    type: DeliveryType,
  ): Promise<string> {
    const result = await cloudinary.v2.uploader.upload(path, {
      ...this.options,
      public_id: publicId,
      resource_type: resourceType,
      type,
      overwrite: false,
    });
    return result.secure_url;
  }

  /** Removes an asset; "not found" counts as removed. */
  async destroy(publicId: string, resourceType: ResourceType, type: DeliveryType): Promise<void> {
    const result = (await cloudinary.v2.uploader.destroy(publicId, {
      ...this.options,
      resource_type: resourceType,
      type,
      invalidate: true,
    })) as { result?: string };
    if (result.result !== 'ok' && result.result !== 'not found') {
      throw new Error(`Cloudinary destroy answered ${String(result.result)}`);
    }
  }
}

/** The public id inside a Cloudinary delivery URL (version and, for images, extension dropped). */
export function cloudinaryPublicIdOf(url: string): string | null {
  const m =
    /^https:\/\/res\.cloudinary\.com\/[^/]+\/(image|raw|video)\/(?:upload|authenticated|private)\/(?:[^/]*,[^/]*\/)?(?:v\d+\/)?(.+)$/.exec(
      url,
    );
  if (!m) return null;
  const id = decodeURIComponent(m[2].split('?')[0]);
  return m[1] === 'raw' ? id : id.replace(/\.[a-z0-9]{2,5}$/i, '');
}
