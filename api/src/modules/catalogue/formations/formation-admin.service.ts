import { Injectable } from '@nestjs/common';
import {
  CATALOG_ERRORS,
  COMMON_ERRORS,
  validateFormation,
  validateModule,
  validateVideoFields,
  type AdminFormation,
  type AdminModule,
  type Lang,
  type ModuleBody,
  type VisibilityResult,
} from '@circo/shared-contracts';
import type { ItemBodyDto } from '../admin/admin-bodies.dto.js';
import { assertOrder } from '../classes/admin-classes.js';
import {
  itemRefs,
  showableItemValues,
  toAdminItem,
  toFlags,
  toRichText,
  toText,
} from '../admin/admin-values.js';
import { assertRules, assertShowable, showableFlags } from '../admin/shared-rules.js';
import { AppError, badRequest, notFound } from '../../../common/errors/app-error.js';
import { Transactional, TransactionHost } from '../../../database/transactions.js';
import { ClassMediaService, mediaRefs } from '../classes/class-media.service.js';
import { PurchasesService } from '../../purchases/index.js';
import { UploadsService } from '../../uploads/index.js';
import { FormationAdminRepository } from './formation-admin.repository.js';
import type { FormationModuleRow } from '../../../database/tables/formations.table.js';

export const formationNotFound = () =>
  notFound(CATALOG_ERRORS.formationNotFound, 'Training not found');
export const moduleNotFound = () => notFound(CATALOG_ERRORS.moduleNotFound, 'Module not found');

/** The admin side of online formations and their modules (admin spec sections 2 and 7). */
@Injectable()
export class FormationAdminService {
  constructor(
    private readonly repo: FormationAdminRepository,
    private readonly media: ClassMediaService,
    private readonly purchases: PurchasesService,
    private readonly uploads: UploadsService,
    private readonly host: TransactionHost,
  ) {}

  /** GET /formations/admin: every formation -> modules -> class titles, in order. */
  async list(): Promise<AdminFormation[]> {
    const [rows, modules, classes] = await this.host.all([
      () => this.repo.listAll(),
      () => this.repo.allModules(),
      () => this.repo.allClassTitles(),
    ]);
    const withBuyers = await this.purchases.itemsWithBuyers(
      'formation',
      rows.map((r) => r.id),
    );
    const toModule = (m: FormationModuleRow): AdminModule => ({
      _id: m.id,
      formationId: m.formationId,
      title: m.title,
      description: m.description,
      visible: m.visible,
      classes: classes
        .filter((c) => c.moduleId === m.id)
        .map((c) => ({ _id: c.id, title: c.title, visible: c.visible })),
    });
    return rows.map((r) => ({
      ...toAdminItem(r, withBuyers.has(r.id)),
      modules: modules.filter((m) => m.formationId === r.id).map(toModule),
    }));
  }

  async get(id: string): Promise<AdminFormation> {
    const found = (await this.list()).find((f) => f._id === id);
    if (!found) throw formationNotFound();
    return found;
  }

  @Transactional()
  async create(body: ItemBodyDto): Promise<AdminFormation> {
    validateItem(body);
    const row = await this.repo.insert(showableItemValues('formation', body, undefined));
    return this.get(row.id);
  }

  @Transactional()
  async update(id: string, body: ItemBodyDto): Promise<AdminFormation> {
    validateItem(body);
    const current = await this.repo.findById(id);
    if (!current) throw formationNotFound();
    const updated = await this.repo.update(id, showableItemValues('formation', body, current));
    if (!updated) throw formationNotFound();
    const kept = new Set(itemRefs(updated));
    await this.uploads.discard(itemRefs(current).filter((ref) => !kept.has(ref)));
    return this.get(id);
  }

  /** DELETE /formations/{id}: its modules, classes and every file they point to go too. */
  @Transactional()
  async remove(id: string): Promise<void> {
    const current = await this.repo.findById(id);
    if (!current) throw formationNotFound();
    if (await this.purchases.hasBuyers('formation', id)) {
      throw new AppError(
        409,
        COMMON_ERRORS.inUse,
        'This training has buyers, so it cannot be deleted: hide it in every language instead',
      );
    }
    const modules = await this.repo.modulesOf(id);
    const classes = await this.repo.classesOf(modules.map((m) => m.id));
    const media = await this.media.listForClasses(
      'formation_class',
      classes.map((c) => c.id),
    );
    await this.repo.delete(id);
    await this.uploads.discard([...itemRefs(current), ...mediaRefs(media)]);
  }

  /** Shown in a language only where its content is (else 400). */
  @Transactional()
  async toggleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    const current = await this.repo.findById(id);
    if (!current) throw formationNotFound();
    if (!current.visible[lang])
      assertShowable('formation', current, { ...current.visible, [lang]: true });
    const visible = await this.repo.toggleVisible(id, lang);
    if (!visible) throw formationNotFound();
    return { _id: id, visible };
  }

  // ------------------------------------------------------------ modules

  /** POST /modules: added last in its formation, visible like the formation unless given. */
  @Transactional()
  async createModule(body: ModuleBody): Promise<AdminModule> {
    assertRules(validateModule(body));
    if (!body.formationId)
      throw badRequest(COMMON_ERRORS.validation, 'formationId is required', 'formationId');
    const formation = await this.repo.findById(body.formationId);
    if (!formation) throw formationNotFound();
    const texts = { title: toText(body.title), description: toRichText(body.description) };
    const row = await this.repo.insertModule({
      formationId: formation.id,
      ...texts,
      visible: showableFlags('module', texts, body.visible, formation.visible),
    });
    return { ...toModuleView(row), classes: [] };
  }

  @Transactional()
  async updateModule(id: string, body: ModuleBody): Promise<AdminModule> {
    assertRules(validateModule(body));
    const current = await this.repo.findModule(id);
    if (!current) throw moduleNotFound();
    const values = {
      title: toText(body.title),
      description: toRichText(body.description),
      visible: toFlags(body.visible, current.visible),
    };
    assertShowable('module', values, values.visible);
    await this.repo.updateModule(id, values);
    return this.moduleView(id);
  }

  @Transactional()
  async removeModule(id: string): Promise<void> {
    const classes = await this.repo.classesOf([id]);
    const media = await this.media.listForClasses(
      'formation_class',
      classes.map((c) => c.id),
    );
    if (!(await this.repo.deleteModule(id))) throw moduleNotFound();
    await this.uploads.discard(mediaRefs(media));
  }

  @Transactional()
  async toggleModuleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    const current = await this.repo.findModule(id);
    if (!current) throw moduleNotFound();
    if (!current.visible[lang])
      assertShowable('module', current, { ...current.visible, [lang]: true });
    const visible = await this.repo.toggleModuleVisible(id, lang);
    if (!visible) throw moduleNotFound();
    return { _id: id, visible };
  }

  /** PUT /formations/{id}/modules/order */
  @Transactional()
  async reorderModules(formationId: string, ids: string[]): Promise<AdminFormation> {
    if (!(await this.repo.findById(formationId))) throw formationNotFound();
    assertOrder(
      ids,
      (await this.repo.modulesOf(formationId)).map((m) => m.id),
    );
    await this.repo.reorderModules(formationId, ids);
    return this.get(formationId);
  }

  private async moduleView(id: string): Promise<AdminModule> {
    const row = await this.repo.findModule(id);
    if (!row) throw moduleNotFound();
    const classes = await this.repo.classesOf([id]);
    return {
      ...toModuleView(row),
      classes: classes.map((c) => ({ _id: c.id, title: c.title, visible: c.visible })),
    };
  }
}

const toModuleView = (m: FormationModuleRow): Omit<AdminModule, 'classes'> => ({
  _id: m.id,
  formationId: m.formationId,
  title: m.title,
  description: m.description,
  visible: m.visible,
});

function validateItem(body: ItemBodyDto): void {
  assertRules({ ...validateFormation(body), ...validateVideoFields(body.video) });
}
