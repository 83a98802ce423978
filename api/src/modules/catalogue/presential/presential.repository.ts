import { Injectable } from '@nestjs/common';
import { asc, desc, eq, gte } from 'drizzle-orm';
import { Repository } from '../../../database/transactions.js';
import {
  presentialFormations,
  type NewPresentialFormationRow,
  type PresentialFormationRow,
} from '../../../database/tables/presential.table.js';

@Injectable()
export class PresentialRepository extends Repository {
  /** Trainings whose last day is `today` or later, soonest first. `today` is 'YYYY-MM-DD'. */
  upcoming(today: string): Promise<PresentialFormationRow[]> {
    return this.db
      .select()
      .from(presentialFormations)
      .where(gte(presentialFormations.endsOn, today))
      .orderBy(
        asc(presentialFormations.startsOn),
        asc(presentialFormations.endsOn),
        asc(presentialFormations.createdAt),
        asc(presentialFormations.id),
      );
  }

  /** Every training, latest first (the admin list). */
  listAll(): Promise<PresentialFormationRow[]> {
    return this.db
      .select()
      .from(presentialFormations)
      .orderBy(desc(presentialFormations.startsOn), desc(presentialFormations.createdAt));
  }

  async insert(values: NewPresentialFormationRow): Promise<PresentialFormationRow> {
    const [row] = await this.db.insert(presentialFormations).values(values).returning();
    return row;
  }

  async update(
    id: string,
    values: Partial<NewPresentialFormationRow>,
  ): Promise<PresentialFormationRow | undefined> {
    const [row] = await this.db
      .update(presentialFormations)
      .set(values)
      .where(eq(presentialFormations.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(presentialFormations)
      .where(eq(presentialFormations.id, id))
      .returning({ id: presentialFormations.id });
    return rows.length > 0;
  }
}
