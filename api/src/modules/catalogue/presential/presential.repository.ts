import { Injectable } from '@nestjs/common';
import { asc, desc, gte } from 'drizzle-orm';
import { TableRows } from '../../../database/table-rows.js';
import { Repository } from '../../../database/transactions.js';
import {
  presentialFormations,
  type PresentialFormationRow,
} from '../../../database/tables/presential.table.js';

@Injectable()
export class PresentialRepository extends Repository {
  /** One training by id: read, written, deleted (the admin's). */
  readonly rows = new TableRows(() => this.db, {
    table: presentialFormations,
    id: presentialFormations.id,
  });

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
}
