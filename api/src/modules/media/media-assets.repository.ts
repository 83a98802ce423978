import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import { uploadedAssets, type UploadedAssetRow } from '../../database/tables/uploads.table.js';

/**
 * uploaded_assets, read side: where each stored file lives (local, Cloudinary, Vimeo). The media
 * module is the one owner of this table; the admin upload side writes it through this module.
 */
@Injectable()
export class MediaAssetsRepository extends Repository {
  byPublicId(publicId: string): Promise<UploadedAssetRow | undefined> {
    return this.firstWhere(uploadedAssets, eq(uploadedAssets.publicId, publicId));
  }

  byId(id: string): Promise<UploadedAssetRow | undefined> {
    return this.firstWhere(uploadedAssets, eq(uploadedAssets.id, id));
  }
}
