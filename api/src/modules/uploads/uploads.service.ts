import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transactions.js';
import { isPublicId, publicIdOfUrl, removeLocal } from './local-storage.js';
import { UploadsRepository } from './uploads.repository.js';
import type { UploadedAssetRow } from './uploads.table.js';

/**
 * The files admins upload (uploaded_assets). Catalogue writes call `discard` with the public ids
 * (or URLs) their records stopped pointing to: the rows go in the same transaction, the files once
 * it has committed (a rollback keeps them).
 */
@Injectable()
export class UploadsService {
  private readonly log = new Logger('Uploads');

  constructor(
    private readonly repo: UploadsRepository,
    private readonly host: TransactionHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Forgets the assets with these public ids or URLs and removes their files after commit. */
  async discard(refs: readonly string[]): Promise<void> {
    const publicIds = new Set<string>();
    const urls = new Set<string>();
    for (const ref of refs) {
      if (isPublicId(ref)) publicIds.add(ref);
      else {
        urls.add(ref);
        const fromUrl = publicIdOfUrl(ref);
        if (fromUrl) publicIds.add(fromUrl);
      }
    }
    const rows = [
      ...(await this.repo.findByPublicIds([...publicIds])),
      ...(await this.repo.findByUrls([...urls])),
    ];
    const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
    if (unique.length === 0) return;
    await this.repo.deleteByIds(unique.map((r) => r.id));
    await this.host.afterCommit(() => this.removeFiles(unique));
  }

  /** Removes stored files; a failure is logged (the record is already gone). */
  async removeFiles(rows: readonly UploadedAssetRow[]): Promise<void> {
    for (const row of rows) {
      try {
        if (row.storage === 'local')
          await removeLocal(this.config.dataDir, row.private, row.publicId);
        else await this.removeRemote(row);
      } catch (err) {
        this.log.warn(`could not remove ${row.storage} file ${row.publicId}: ${String(err)}`);
      }
    }
  }

  /** Provider files: set by the provider adapters (Cloudinary, Vimeo) when configured. */
  protected removeRemote(row: UploadedAssetRow): Promise<void> {
    this.log.warn(`no provider configured to remove ${row.storage} file ${row.publicId}`);
    return Promise.resolve();
  }
}
