import { Injectable } from '@nestjs/common';
import {
  CATALOG_ERRORS,
  COMMON_ERRORS,
  validateClass,
  type AdminClass,
  type AdminModule,
  type ClassBody,
  type Lang,
  type VisibilityResult,
} from '@circo/shared-contracts';
import { assertOrder, classValues, toAdminClass } from '../../common/admin/admin-classes.js';
import { toFlags } from '../../common/admin/admin-values.js';
import { assertRules, assertShowable, showableFlags } from '../../common/admin/shared-rules.js';
import { badRequest, notFound } from '../../common/errors/app-error.js';
import { Transactional } from '../../database/transactions.js';
import { ClassMediaService, mediaRefs } from '../class-media/class-media.service.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { FormationAdminRepository } from './formation-admin.repository.js';
import { moduleNotFound } from './formation-admin.service.js';

const classNotFound = () => notFound(CATALOG_ERRORS.classNotFound, 'Class not found');

/** The admin side of the classes of formation modules. */
@Injectable()
export class FormationClassesAdminService {
  constructor(
    private readonly repo: FormationAdminRepository,
    private readonly media: ClassMediaService,
    private readonly uploads: UploadsService,
  ) {}

  async get(id: string): Promise<AdminClass | undefined> {
    const cls = await this.repo.findClass(id);
    if (!cls) return undefined;
    const media = await this.media.listForClass('formation_class', id);
    return toAdminClass(cls, media, { moduleId: cls.moduleId });
  }

  /** POST /classes: added last in its module, visible like the module unless given. */
  @Transactional()
  async create(body: ClassBody): Promise<AdminClass> {
    assertRules(validateClass(body));
    if (!body.moduleId)
      throw badRequest(COMMON_ERRORS.validation, 'moduleId is required', 'moduleId');
    const module = await this.repo.findModule(body.moduleId);
    if (!module) throw moduleNotFound();
    const values = classValues(body, undefined);
    const cls = await this.repo.insertClass({
      moduleId: module.id,
      ...values,
      visible: showableFlags('class', values, body.visible, module.visible),
    });
    await this.media.replace('formation_class', cls.id, {
      pdfs: body.pdfs ?? [],
      videos: body.videos ?? [],
    });
    return (await this.get(cls.id))!;
  }

  @Transactional()
  async update(id: string, body: ClassBody): Promise<AdminClass> {
    assertRules(validateClass(body));
    const current = await this.repo.findClass(id);
    if (!current) throw classNotFound();
    const values = {
      ...classValues(body, current),
      visible: toFlags(body.visible, current.visible),
    };
    assertShowable('class', values, values.visible);
    await this.repo.updateClass(id, values);
    await this.uploads.discard(await this.media.replace('formation_class', id, body));
    return (await this.get(id))!;
  }

  @Transactional()
  async remove(id: string): Promise<void> {
    const media = await this.media.listForClass('formation_class', id);
    if (!(await this.repo.deleteClass(id))) throw classNotFound();
    await this.uploads.discard(mediaRefs(media));
  }

  /** Shown in a language only where its title and content are (else 400). */
  @Transactional()
  async toggleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    const current = await this.repo.findClass(id);
    if (!current) throw classNotFound();
    if (!current.visible[lang])
      assertShowable('class', current, { ...current.visible, [lang]: true });
    const visible = await this.repo.toggleClassVisible(id, lang);
    if (!visible) throw classNotFound();
    return { _id: id, visible };
  }

  /** PUT /modules/{id}/classes/order */
  @Transactional()
  async reorder(moduleId: string, ids: string[]): Promise<AdminModule['classes']> {
    if (!(await this.repo.findModule(moduleId))) throw moduleNotFound();
    assertOrder(
      ids,
      (await this.repo.classesOf([moduleId])).map((c) => c.id),
    );
    await this.repo.reorderClasses(moduleId, ids);
    const classes = await this.repo.classesOf([moduleId]);
    return classes.map((c) => ({ _id: c.id, title: c.title, visible: c.visible }));
  }
}
