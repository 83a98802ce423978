import { Inject, Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { DB } from '../../database/database.module.js';
import type { Database } from '../../database/database.js';
import { formationClasses, formationModules, formations, type FormationRow } from './formations.table.js';

@Injectable()
export class FormationsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findById(id: string): Promise<FormationRow | undefined> {
    const [row] = await this.db.select().from(formations).where(eq(formations.id, id)).limit(1);
    return row;
  }

  /** Ids of every class of every module of the formation, in order. */
  async classIds(formationId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: formationClasses.id })
      .from(formationClasses)
      .innerJoin(formationModules, eq(formationClasses.moduleId, formationModules.id))
      .where(eq(formationModules.formationId, formationId))
      .orderBy(asc(formationModules.position), asc(formationClasses.position), asc(formationClasses.createdAt));
    return rows.map((r) => r.id);
  }
}
