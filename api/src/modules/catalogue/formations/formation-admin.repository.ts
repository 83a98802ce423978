import { Injectable } from '@nestjs/common';
import { Repository } from '../../../database/transactions.js';
import { ItemRows } from '../admin/item-rows.js';
import { OrderedRows, orderedTable } from '../admin/ordered-rows.js';
import {
  formationClasses,
  formationModules,
  formations,
  type FormationClassRow,
  type FormationModuleRow,
  type FormationRow,
  type NewFormationClassRow,
  type NewFormationModuleRow,
  type NewFormationRow,
} from '../../../database/tables/formations.table.js';

/** The admin's writes and full reads of formations, modules and their classes. */
@Injectable()
export class FormationAdminRepository extends Repository {
  readonly items = new ItemRows<FormationRow, NewFormationRow>(() => this.db, formations);
  readonly modules = new OrderedRows<FormationModuleRow, NewFormationModuleRow>(
    () => this.db,
    orderedTable(formationModules, formationModules.formationId),
    (values) => values.formationId,
  );
  readonly classes = new OrderedRows<FormationClassRow, NewFormationClassRow>(
    () => this.db,
    orderedTable(formationClasses, formationClasses.moduleId),
    (values) => values.moduleId,
  );
}
