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
import { showableItemValues, toFlags, toRichText, toText } from '../admin/admin-values.js';
import { ItemAdmin } from '../admin/item-admin.js';
import { childTitlesOf, reorderChildren } from '../admin/ordered-rows.js';
import { assertRules, assertShowable, showableFlags, toggleShown } from '../admin/shared-rules.js';
import { badRequest, notFound } from '../../../common/errors/app-error.js';
import { Transactional, TransactionHost } from '../../../database/transactions.js';
import { ClassMediaService, mediaRefs } from '../classes/class-media.service.js';
import { PurchasesService } from '../../purchases/index.js';
import { UploadsService } from '../../uploads/index.js';
import { FormationAdminRepository } from './formation-admin.repository.js';
import type { FormationModuleRow, formations } from '../../../database/tables/formations.table.js';

export const formationNotFound = () =>
  notFound(CATALOG_ERRORS.formationNotFound, 'Training not found');
export const moduleNotFound = () => notFound(CATALOG_ERRORS.moduleNotFound, 'Module not found');

/** The admin side of online formations and their modules (admin spec sections 2 and 7). */
@Injectable()
export class FormationAdminService {
  private readonly items: ItemAdmin<typeof formations>;

  constructor(
    private readonly repo: FormationAdminRepository,
    private readonly media: ClassMediaService,
    purchases: PurchasesService,
    private readonly uploads: UploadsService,
    private readonly host: TransactionHost,
  ) {
    this.items = new ItemAdmin(
      {
        kind: 'formation',
        rows: repo.items,
        notFound: formationNotFound,
        inUse:
          'This training has buyers, so it cannot be deleted: hide it in every language instead',
      },
      purchases,
      uploads,
    );
  }

  /** GET /formations/admin: every formation -> modules -> class titles, in order. */
  async list(): Promise<AdminFormation[]> {
    const [rows, modules, classes] = await this.host.all([
      () => this.repo.items.listAll(),
      () => this.repo.modules.all(),
      () => this.repo.classes.titles(),
    ]);
    return this.items.list(rows, (r) => ({
      modules: modules
        .filter((m) => m.formationId === r.id)
        .map((m) => ({ ...toModuleView(m), classes: childTitlesOf(classes, m.id) })),
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
    const row = await this.repo.items.insert(showableItemValues('formation', body, undefined));
    return this.get(row.id);
  }

  @Transactional()
  async update(id: string, body: ItemBodyDto): Promise<AdminFormation> {
    validateItem(body);
    await this.items.update(id, (current) => showableItemValues('formation', body, current));
    return this.get(id);
  }

  /** DELETE /formations/{id}: its modules, classes and every file they point to go too. */
  @Transactional()
  remove(id: string): Promise<void> {
    return this.items.remove(id, async () => {
      const modules = await this.repo.modules.childrenOf([id]);
      return this.classMediaRefs(modules.map((m) => m.id));
    });
  }

  /** Shown in a language only where its content is (else 400). */
  @Transactional()
  toggleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    return this.items.toggleVisibility(id, lang);
  }

  // ------------------------------------------------------------ modules

  /** POST /modules: added last in its formation, visible like the formation unless given. */
  @Transactional()
  async createModule(body: ModuleBody): Promise<AdminModule> {
    assertRules(validateModule(body));
    if (!body.formationId)
      throw badRequest(COMMON_ERRORS.validation, 'formationId is required', 'formationId');
    const formation = await this.items.find(body.formationId);
    const texts = { title: toText(body.title), description: toRichText(body.description) };
    const row = await this.repo.modules.insert({
      formationId: formation.id,
      ...texts,
      visible: showableFlags('module', texts, body.visible, formation.visible),
    });
    return { ...toModuleView(row), classes: [] };
  }

  @Transactional()
  async updateModule(id: string, body: ModuleBody): Promise<AdminModule> {
    assertRules(validateModule(body));
    const current = await this.repo.modules.find(id);
    if (!current) throw moduleNotFound();
    const values = {
      title: toText(body.title),
      description: toRichText(body.description),
      visible: toFlags(body.visible, current.visible),
    };
    assertShowable('module', values, values.visible);
    const updated = await this.repo.modules.update(id, values);
    if (!updated) throw moduleNotFound();
    const classes = await this.repo.classes.childrenOf([id]);
    return {
      ...toModuleView(updated),
      classes: classes.map((c) => ({ _id: c.id, title: c.title, visible: c.visible })),
    };
  }

  @Transactional()
  async removeModule(id: string): Promise<void> {
    const refs = await this.classMediaRefs([id]);
    if (!(await this.repo.modules.delete(id))) throw moduleNotFound();
    await this.uploads.discard(refs);
  }

  @Transactional()
  toggleModuleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    return toggleShown('module', this.repo.modules, id, lang, moduleNotFound);
  }

  /** PUT /formations/{id}/modules/order */
  @Transactional()
  async reorderModules(formationId: string, ids: string[]): Promise<AdminFormation> {
    await this.items.find(formationId);
    await reorderChildren(this.repo.modules, formationId, ids);
    return this.get(formationId);
  }

  /** The files of the classes of the given modules. */
  private async classMediaRefs(moduleIds: string[]): Promise<string[]> {
    const classes = await this.repo.classes.childrenOf(moduleIds);
    const media = await this.media.listForClasses(
      'formation_class',
      classes.map((c) => c.id),
    );
    return mediaRefs(media);
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
