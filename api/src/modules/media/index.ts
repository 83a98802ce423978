// What other modules (the admin upload side, the student viewers) use of the media storage.
export { MediaModule } from './media.module.js';
export { MediaStorageService, type MediaRef, type Delivery } from './media-storage.service.js';
export {
  newPublicId,
  filePathOf,
  uploadsRoot,
  contentTypeOf,
  isLocalPublicId,
  MEDIA_FOLDERS,
} from './media-layout.js';
export { MediaStores } from './stores/media-stores.js';
export { StampedPdfService, type PdfResponse } from './stamped-pdfs.service.js';
export type { MediaStore, StorageName, StoredFile } from './stores/media-store.js';
export { readFrameRate } from './frame-rate.js';
export { readMediaInfo, type MediaInfo, type MediaProbe } from './media-info.js';
export { parseCloudinaryUrl, type CloudinaryCredentials } from './cloudinary-delivery.js';
export { VimeoClient, vimeoIdOf } from './vimeo-client.js';
