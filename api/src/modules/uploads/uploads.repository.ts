import { Injectable } from '@nestjs/common';
import { inArray, lt, eq } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import {
  uploadedAssets,
  type NewUploadedAssetRow,
  type UploadedAssetRow,
} from './uploads.table.js';

@Injectable()
export class UploadsRepository extends Repository {
  async insert(row: NewUploadedAssetRow): Promise<UploadedAssetRow> {
    const [saved] = await this.db.insert(uploadedAssets).values(row).returning();
    return saved;
  }

  findByPublicIds(publicIds: readonly string[]): Promise<UploadedAssetRow[]> {
    if (publicIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(uploadedAssets)
      .where(inArray(uploadedAssets.publicId, [...publicIds]));
  }

  async findByPublicId(publicId: string): Promise<UploadedAssetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(uploadedAssets)
      .where(eq(uploadedAssets.publicId, publicId))
      .limit(1);
    return row;
  }

  findByUrls(urls: readonly string[]): Promise<UploadedAssetRow[]> {
    if (urls.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(uploadedAssets)
      .where(inArray(uploadedAssets.url, [...urls]));
  }

  async deleteByIds(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(uploadedAssets).where(inArray(uploadedAssets.id, [...ids]));
  }

  async setStatus(id: string, status: string): Promise<void> {
    await this.db.update(uploadedAssets).set({ status }).where(eq(uploadedAssets.id, id));
  }

  createdBefore(when: Date): Promise<UploadedAssetRow[]> {
    return this.db.select().from(uploadedAssets).where(lt(uploadedAssets.createdAt, when));
  }
}
