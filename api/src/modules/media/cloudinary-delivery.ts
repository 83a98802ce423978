import cloudinary from 'cloudinary';

/** The parts of CLOUDINARY_URL (`cloudinary://<api_key>:<api_secret>@<cloud_name>`). */
export interface CloudinaryCredentials {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
}

export function parseCloudinaryUrl(url: string): CloudinaryCredentials | null {
  const m = /^cloudinary:\/\/([^:@/]+):([^@/]+)@([^/?#]+)\/?$/.exec(url.trim());
  if (!m) return null;
  return {
    apiKey: decodeURIComponent(m[1]),
    apiSecret: decodeURIComponent(m[2]),
    cloudName: decodeURIComponent(m[3]),
  };
}

export type CloudinaryResourceType = 'image' | 'raw' | 'video';

/**
 * A signed, expiring download URL of an `authenticated` Cloudinary asset (the SDK's
 * private_download_url: api_key, timestamp, expires_at and a signature over them with the API
 * secret). Nothing is fetched: the browser follows the URL, Cloudinary checks it.
 */
export function cloudinaryPrivateUrl(
  creds: CloudinaryCredentials,
  publicId: string,
  resourceType: CloudinaryResourceType,
  expiresAt: number,
  nowSeconds: number,
): string {
  // raw assets keep their extension in the public id; images and videos take it as the format
  const dot = publicId.lastIndexOf('.');
  const hasExt = dot > publicId.lastIndexOf('/');
  const id = resourceType === 'raw' || !hasExt ? publicId : publicId.slice(0, dot);
  const format = resourceType === 'raw' || !hasExt ? '' : publicId.slice(dot + 1);
  const options = {
    resource_type: resourceType,
    type: 'authenticated',
    expires_at: expiresAt,
    attachment: false,
    timestamp: nowSeconds,
    cloud_name: creds.cloudName,
    api_key: creds.apiKey,
    api_secret: creds.apiSecret,
  } as Parameters<typeof cloudinary.v2.utils.private_download_url>[2];
  return cloudinary.v2.utils.private_download_url(id, format, options);
}
