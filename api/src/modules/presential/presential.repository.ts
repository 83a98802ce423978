import { Injectable } from '@nestjs/common';
import { asc, gte } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';
import { presentialFormations, type PresentialFormationRow } from './presential.table.js';

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
}
