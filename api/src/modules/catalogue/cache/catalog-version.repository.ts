import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DB } from '../../../database/database.module.js';
import type { Database } from '../../../database/database.js';
import { catalogVersion } from '../../../database/tables/catalog-version.table.js';

@Injectable()
export class CatalogVersionRepository {
  private readonly read;

  constructor(@Inject(DB) db: Database) {
    this.read = db
      .select({ version: catalogVersion.version })
      .from(catalogVersion)
      .where(eq(catalogVersion.id, 1))
      .prepare('catalog_version_read');
  }

  /** The catalogue's version: it changes with every committed write to a catalogue table. */
  async current(): Promise<number> {
    const [row] = await this.read.execute();
    return row?.version ?? 0;
  }
}
