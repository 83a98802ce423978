import { Injectable } from '@nestjs/common';
import { inArray, lt, eq, sql } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import {
  uploadedAssets,
  type NewUploadedAssetRow,
  type UploadedAssetRow,
} from '../../database/tables/uploads.table.js';

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

  findByPublicId(publicId: string): Promise<UploadedAssetRow | undefined> {
    return this.firstWhere(uploadedAssets, eq(uploadedAssets.publicId, publicId));
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

  async update(id: string, values: Partial<NewUploadedAssetRow>): Promise<UploadedAssetRow> {
    const [row] = await this.db
      .update(uploadedAssets)
      .set(values)
      .where(eq(uploadedAssets.id, id))
      .returning();
    return row;
  }

  /**
   * Every file reference (URL or public id, any language) of the records that can point to an
   * upload: courses and formations (image, pdf, video) and class PDFs and videos. A read across
   * areas on purpose: the sweep must see every owner at once, in one statement.
   */
  async referencedValues(): Promise<Set<string>> {
    const item = (table: string) =>
      ['image', 'image_public_id', 'pdf', 'pdf_public_id', 'video']
        .map((c) => `select ${c} as j from ${table}`)
        .join(' union all ');
    // both drivers (node-postgres, PGlite) answer { rows }
    const result = (await this.db.execute(
      sql.raw(`select distinct r.value as ref from (
        ${item('courses')} union all ${item('formations')}
        union all select url as j from class_media union all select public_id as j from class_media
      ) s cross join lateral jsonb_each_text(s.j) r where r.value is not null and r.value <> ''`),
    )) as unknown as { rows: Array<{ ref: string }> };
    return new Set(result.rows.map((r) => r.ref));
  }

  createdBefore(when: Date): Promise<UploadedAssetRow[]> {
    return this.db.select().from(uploadedAssets).where(lt(uploadedAssets.createdAt, when));
  }
}
