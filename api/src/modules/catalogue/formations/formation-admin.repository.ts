import { Injectable } from '@nestjs/common';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Lang } from '@circo/shared-contracts';
import { nextPosition, toggleFlag, writePositions } from '../admin/positions.js';
import type { LocalizedFlags } from '../../../database/tables/columns.js';
import { Repository } from '../../../database/transactions.js';
import { ClassRows } from '../classes/class-rows.js';
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

const moduleOrder = {
  table: formationModules,
  id: formationModules.id,
  parent: formationModules.formationId,
  position: formationModules.position,
};
const classOrder = {
  table: formationClasses,
  id: formationClasses.id,
  parent: formationClasses.moduleId,
  position: formationClasses.position,
};

/** The admin's writes and full reads of formations, modules and their classes. */
@Injectable()
export class FormationAdminRepository extends Repository {
  /** One-row reads and writes of the classes (the class-writing service uses them). */
  readonly classes = new ClassRows<FormationClassRow, NewFormationClassRow>(
    () => this.db,
    { ...classOrder, visible: formationClasses.visible },
    (values) => values.moduleId,
  );

  async findById(id: string): Promise<FormationRow | undefined> {
    const [row] = await this.db.select().from(formations).where(eq(formations.id, id)).limit(1);
    return row;
  }

  listAll(): Promise<FormationRow[]> {
    return this.db
      .select()
      .from(formations)
      .orderBy(desc(formations.createdAt), desc(formations.id));
  }

  allModules(): Promise<FormationModuleRow[]> {
    return this.db
      .select()
      .from(formationModules)
      .orderBy(asc(formationModules.position), asc(formationModules.createdAt));
  }

  allClassTitles(): Promise<
    Array<Pick<FormationClassRow, 'id' | 'moduleId' | 'title' | 'visible'>>
  > {
    return this.db
      .select({
        id: formationClasses.id,
        moduleId: formationClasses.moduleId,
        title: formationClasses.title,
        visible: formationClasses.visible,
      })
      .from(formationClasses)
      .orderBy(asc(formationClasses.position), asc(formationClasses.createdAt));
  }

  async insert(values: NewFormationRow): Promise<FormationRow> {
    const [row] = await this.db.insert(formations).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewFormationRow>): Promise<FormationRow | undefined> {
    const [row] = await this.db
      .update(formations)
      .set(values)
      .where(eq(formations.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(formations)
      .where(eq(formations.id, id))
      .returning({ id: formations.id });
    return rows.length > 0;
  }

  async toggleVisible(id: string, lang: Lang): Promise<LocalizedFlags | undefined> {
    const [row] = await this.db
      .update(formations)
      .set({ visible: toggleFlag(formations.visible, lang) as never })
      .where(eq(formations.id, id))
      .returning({ visible: formations.visible });
    return row?.visible;
  }

  // ------------------------------------------------------------ modules

  async findModule(id: string): Promise<FormationModuleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(formationModules)
      .where(eq(formationModules.id, id))
      .limit(1);
    return row;
  }

  modulesOf(formationId: string): Promise<FormationModuleRow[]> {
    return this.db
      .select()
      .from(formationModules)
      .where(eq(formationModules.formationId, formationId))
      .orderBy(asc(formationModules.position), asc(formationModules.createdAt));
  }

  async insertModule(values: Omit<NewFormationModuleRow, 'position'>): Promise<FormationModuleRow> {
    const position = await nextPosition(this.db, moduleOrder, values.formationId);
    const [row] = await this.db
      .insert(formationModules)
      .values({ ...values, position })
      .returning();
    return row;
  }

  async updateModule(
    id: string,
    values: Partial<NewFormationModuleRow>,
  ): Promise<FormationModuleRow | undefined> {
    const [row] = await this.db
      .update(formationModules)
      .set(values)
      .where(eq(formationModules.id, id))
      .returning();
    return row;
  }

  async deleteModule(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(formationModules)
      .where(eq(formationModules.id, id))
      .returning({ id: formationModules.id });
    return rows.length > 0;
  }

  async toggleModuleVisible(id: string, lang: Lang): Promise<LocalizedFlags | undefined> {
    const [row] = await this.db
      .update(formationModules)
      .set({ visible: toggleFlag(formationModules.visible, lang) as never })
      .where(eq(formationModules.id, id))
      .returning({ visible: formationModules.visible });
    return row?.visible;
  }

  reorderModules(formationId: string, ids: readonly string[]): Promise<void> {
    return writePositions(this.db, moduleOrder, formationId, ids);
  }

  // ------------------------------------------------------------ classes

  classesOf(moduleIds: readonly string[]): Promise<FormationClassRow[]> {
    if (moduleIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(formationClasses)
      .where(inArray(formationClasses.moduleId, [...moduleIds]))
      .orderBy(asc(formationClasses.position), asc(formationClasses.createdAt));
  }

  reorderClasses(moduleId: string, ids: readonly string[]): Promise<void> {
    return writePositions(this.db, classOrder, moduleId, ids);
  }
}
