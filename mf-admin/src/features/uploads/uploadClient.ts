import {
  uploadPaths,
  type DirectUploadResponse,
  type SignatureResponse,
  type UploadedVideoResponse,
} from '@circo/shared-contracts';
import { api, uploadForm } from '@circo/shared-web';

/** What the form keeps of an uploaded file. */
export interface Uploaded {
  url: string;
  public_id: string;
  /** Videos: the id GET /upload/video-status/{videoId} takes, and the status at upload. */
  videoId?: string;
  status?: UploadedVideoResponse['status'];
}

/** The upload kinds of the admin forms and the call each one makes (admin spec section 7). */
export type UploadKind = 'image' | 'pdfPublic' | 'pdfPrivate' | 'videoPromo' | 'videoPrivate';

export const isVideoKind = (k: UploadKind) => k === 'videoPromo' || k === 'videoPrivate';

/** Uploads `file` as `kind`, reporting 0-100 %; answers where it is stored. */
export async function uploadFile(
  kind: UploadKind,
  file: File,
  meta: { title: string; description?: string },
  onProgress: (percent: number) => void,
): Promise<Uploaded> {
  const form = new FormData();
  switch (kind) {
    case 'image': {
      // the spec's flow: a signature from our API, then the file straight to the media host
      let s: SignatureResponse;
      try {
        s = await api<SignatureResponse>(uploadPaths.signature, {
          method: 'POST',
          body: { folder: 'ImagenesCursos', timestamp: Math.floor(Date.now() / 1000) },
        });
      } catch (err) {
        throw new SignatureError(String(err));
      }
      for (const [k, v] of Object.entries({
        folder: s.folder,
        public_id: s.public_id,
        timestamp: String(s.timestamp),
        signature: s.signature,
        api_key: s.api_key,
      }))
        form.append(k, v);
      form.append('file', file);
      const r = await uploadForm<DirectUploadResponse>(
        s.upload_url,
        form,
        onProgress,
        undefined,
        true,
      );
      return { url: r.secure_url, public_id: r.public_id };
    }
    case 'pdfPublic':
    case 'pdfPrivate':
      form.append('pdf', file);
      return uploadForm<Uploaded>(
        kind === 'pdfPublic' ? uploadPaths.pdfPublic : uploadPaths.pdfPrivate,
        form,
        onProgress,
      );
    case 'videoPromo':
    case 'videoPrivate':
      form.append('title', meta.title);
      form.append('description', meta.description ?? '');
      form.append('file', file);
      return uploadForm<UploadedVideoResponse>(
        kind === 'videoPromo' ? uploadPaths.videoPromo : uploadPaths.videoPrivate,
        form,
        onProgress,
      );
  }
}

/** The signature call failed ("No se pudo obtener la firma."). */
export class SignatureError extends Error {}

/** Deletes a file this form uploaded (a video by its URL, anything else by its public id). */
export function deleteUploaded(kind: UploadKind, u: Uploaded): Promise<unknown> {
  return isVideoKind(kind)
    ? api(uploadPaths.deleteVideo, { method: 'POST', body: { videoUrl: u.url } })
    : api(uploadPaths.deleteFile, {
        method: 'DELETE',
        body: { public_id: u.public_id, resource_type: kind === 'image' ? 'image' : 'raw' },
      });
}
