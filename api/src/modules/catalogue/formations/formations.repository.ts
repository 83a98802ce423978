import { Injectable } from '@nestjs/common';
import { asc, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Lang } from '@circo/shared-contracts';
import { SearchIndexService } from '../search/search-index.service.js';
import {
  childWithItemFlags,
  ItemReads,
  itemSummaryColumns,
  itemReadBuilders,
  type ItemSummaryRow,
  type WithItemFlags,
} from '../item-reads.js';
import type { Database } from '../../../database/database.js';
import {
  type BuiltReads,
  PreparedReadsRepository,
  TransactionHost,
} from '../../../database/transactions.js';
import {
  formationClasses,
  formationModules,
  formations,
  formationSearch,
  type FormationClassRow,
  type FormationModuleRow,
  type FormationRow,
} from '../../../database/tables/formations.table.js';

export type FormationSummaryRow = ItemSummaryRow;

const moduleColumns = {
  id: formationModules.id,
  formationId: formationModules.formationId,
  title: formationModules.title,
  description: formationModules.description,
  visible: formationModules.visible,
};
export type ModuleSummaryRow = { [K in keyof typeof moduleColumns]: FormationModuleRow[K] };

const classColumns = {
  id: formationClasses.id,
  moduleId: formationClasses.moduleId,
  title: formationClasses.title,
  visible: formationClasses.visible,
};
export type FormationClassTitleRow = { [K in keyof typeof classColumns]: FormationClassRow[K] };

/** A formation class with the flags of its module and formation. */
export interface FormationClassWithParents {
  cls: FormationClassRow;
  formationId: string;
  moduleVisible: FormationModuleRow['visible'];
  formationVisible: FormationRow['visible'];
}

const visibleIn = (lang: Lang | Placeholder) => sql`${formations.visible} ->> ${lang} = 'true'`;

/** The hot public reads, built once and prepared (Drizzle no longer rebuilds their SQL per call). */
const preparedReads = {
  ...itemReadBuilders(formations, 'formations'),
  listVisible: (db: Database) =>
    db
      .select(itemSummaryColumns(formations))
      .from(formations)
      .where(visibleIn(sql.placeholder('lang')))
      .orderBy(desc(formations.createdAt), desc(formations.id))
      .prepare('formations_list_visible'),
  modules: (db: Database) =>
    db
      .select(moduleColumns)
      .from(formationModules)
      .where(eq(formationModules.formationId, sql.placeholder('id')))
      .orderBy(asc(formationModules.position), asc(formationModules.createdAt))
      .prepare('formations_modules'),
};

@Injectable()
export class FormationsRepository extends PreparedReadsRepository<
  BuiltReads<typeof preparedReads>
> {
  /** By id, summaries, titles and the search (item-reads.ts). */
  readonly items: ItemReads<FormationRow>;

  constructor(host: TransactionHost, searchIndex: SearchIndexService) {
    super(host, preparedReads);
    const source = { db: () => this.db, prepared: () => this.prepared, reads: this.reads };
    this.items = new ItemReads(
      { ...source, table: formations, search: formationSearch },
      searchIndex,
    );
  }

  /** Formations visible in `lang`, newest first. */
  listVisible(lang: Lang): Promise<FormationSummaryRow[]> {
    return this.prepared.listVisible.execute({ lang });
  }

  /** The formation's modules, in order. */
  modules(formationId: string): Promise<ModuleSummaryRow[]> {
    return this.prepared.modules.execute({ id: formationId });
  }

  /** A module with its formation's flags, or undefined. */
  findModule(moduleId: string): Promise<WithItemFlags<ModuleSummaryRow> | undefined> {
    const child = { table: formationModules, id: formationModules.id, columns: moduleColumns };
    return childWithItemFlags(
      this.db,
      { ...child, itemId: formationModules.formationId },
      formations,
      moduleId,
    );
  }

  /** Titles and flags of the classes of the given modules, each module's in order. */
  classTitles(moduleIds: readonly string[]): Promise<FormationClassTitleRow[]> {
    if (moduleIds.length === 0) return Promise.resolve([]);
    return this.db
      .select(classColumns)
      .from(formationClasses)
      .where(inArray(formationClasses.moduleId, [...moduleIds]))
      .orderBy(asc(formationClasses.position), asc(formationClasses.createdAt));
  }

  /** A formation class with its module's and formation's flags, or undefined. */
  async findClass(classId: string): Promise<FormationClassWithParents | undefined> {
    const [row] = await this.db
      .select({
        cls: formationClasses,
        formationId: formations.id,
        moduleVisible: formationModules.visible,
        formationVisible: formations.visible,
      })
      .from(formationClasses)
      .innerJoin(formationModules, eq(formationModules.id, formationClasses.moduleId))
      .innerJoin(formations, eq(formations.id, formationModules.formationId))
      .where(eq(formationClasses.id, classId))
      .limit(1);
    return row;
  }
}
