import { Injectable } from '@nestjs/common';
import { Repository } from '../../../database/transactions.js';
import { ItemRows } from '../admin/item-rows.js';
import { OrderedRows, orderedTable } from '../admin/ordered-rows.js';
import {
  formationClasses,
  formationModules,
  formations,
} from '../../../database/tables/formations.table.js';

/** The admin's writes and full reads of formations, modules and their classes. */
@Injectable()
export class FormationAdminRepository extends Repository {
  readonly items = new ItemRows(() => this.db, formations);
  readonly modules = new OrderedRows(
    () => this.db,
    orderedTable(formationModules, formationModules.formationId),
    (values) => values.formationId,
  );
  readonly classes = new OrderedRows(
    () => this.db,
    orderedTable(formationClasses, formationClasses.moduleId),
    (values) => values.moduleId,
  );
}
