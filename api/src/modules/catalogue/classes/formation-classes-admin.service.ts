import { Injectable } from '@nestjs/common';
import {
  COMMON_ERRORS,
  type AdminClass,
  type AdminModule,
  type ClassBody,
  type Lang,
  type VisibilityResult,
} from '@circo/shared-contracts';
import { reorderChildren } from '../admin/ordered-rows.js';
import { badRequest } from '../../../common/errors/app-error.js';
import { Transactional } from '../../../database/transactions.js';
import { ClassWriterService, type ClassWriter } from './class-writer.service.js';
import { FormationAdminRepository } from '../formations/formation-admin.repository.js';
import { moduleNotFound } from '../formations/formation-admin.service.js';
import type {
  FormationClassRow,
  NewFormationClassRow,
} from '../../../database/tables/formations.table.js';

/** The admin side of the classes of formation modules. */
@Injectable()
export class FormationClassesAdminService {
  /** The module classes, written by the rules every class follows. */
  private readonly classes: ClassWriter<FormationClassRow, Omit<NewFormationClassRow, 'position'>>;

  constructor(
    private readonly repo: FormationAdminRepository,
    writer: ClassWriterService,
  ) {
    this.classes = writer.for({
      rows: repo.classes,
      mediaOwner: 'formation_class',
      owner: (cls) => ({ moduleId: cls.moduleId }),
    });
  }

  get(id: string): Promise<AdminClass | undefined> {
    return this.classes.get(id);
  }

  /** POST /classes: added last in its module, visible like the module unless given. */
  @Transactional()
  create(body: ClassBody): Promise<AdminClass> {
    return this.classes.create(body, async () => {
      if (!body.moduleId)
        throw badRequest(COMMON_ERRORS.validation, 'moduleId is required', 'moduleId');
      const module = await this.repo.modules.find(body.moduleId);
      if (!module) throw moduleNotFound();
      return { key: { moduleId: module.id }, visible: module.visible };
    });
  }

  @Transactional()
  update(id: string, body: ClassBody): Promise<AdminClass> {
    return this.classes.update(id, body);
  }

  @Transactional()
  remove(id: string): Promise<void> {
    return this.classes.remove(id);
  }

  toggleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    return this.classes.toggleVisibility(id, lang);
  }

  /** PUT /modules/{id}/classes/order */
  @Transactional()
  async reorder(moduleId: string, ids: string[]): Promise<AdminModule['classes']> {
    if (!(await this.repo.modules.find(moduleId))) throw moduleNotFound();
    const classes = await reorderChildren(this.repo.classes, moduleId, ids);
    return classes.map((c) => ({ _id: c.id, title: c.title, visible: c.visible }));
  }
}
