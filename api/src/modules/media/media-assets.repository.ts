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
  async byPublicId(publicId: string): Promise<UploadedAssetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(uploadedAssets)
      .where(eq(uploadedAssets.publicId, publicId))
      .limit(1);
    return row;
  }

  async byId(id: string): Promise<UploadedAssetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(uploadedAssets)
      .where(eq(uploadedAssets.id, id))
      .limit(1);
    return row;
  }
}
