import { Injectable } from '@nestjs/common';
import {
  CATALOG_ERRORS,
  type ClassSummary,
  type FormationDetail,
  type FormationSummary,
  type Lang,
  type ModuleSummary,
} from '@circo/shared-contracts';
import { toClassSummaries, toItemSummary, toModuleSummaries } from '../catalog.mapper.js';
import { andFlags, assertVisibleIn, flagsOf, type Viewer } from '../visibility.js';
import { CatalogCacheService } from '../cache/catalog-cache.service.js';
import { ItemCatalogueService } from '../item-catalogue.js';
import { notFound } from '../../../common/errors/app-error.js';
import { TransactionHost } from '../../../database/transactions.js';
import {
  FormationsRepository,
  type FormationClassTitleRow,
  type FormationClassWithParents,
  type FormationSummaryRow,
  type ModuleSummaryRow,
} from './formations.repository.js';
import type { FormationRow } from '../../../database/tables/formations.table.js';

const formationNotFound = () => notFound(CATALOG_ERRORS.formationNotFound, 'Training not found');

/**
 * A formation, its modules and their classes (titles and flags): what its page and its student's
 * viewer show.
 */
interface FormationStructure {
  row: FormationSummaryRow;
  modules: ModuleSummaryRow[];
  classes: FormationClassTitleRow[];
}

/** Formations whose structure is kept in memory (a few kilobytes each). */
const STRUCTURES_KEPT = 2_000;

@Injectable()
export class FormationsService extends ItemCatalogueService<FormationStructure, FormationRow> {
  constructor(
    private readonly repo: FormationsRepository,
    cache: CatalogCacheService,
    host: TransactionHost,
  ) {
    super(repo.items, formationNotFound, { cache, host, max: STRUCTURES_KEPT });
  }

  /** GET /formations: formations visible in `lang`, newest first. */
  async listVisible(lang: Lang, viewer: Viewer): Promise<FormationSummary[]> {
    const rows = await this.repo.listVisible(lang);
    return rows.map((r) => toItemSummary(r, lang, viewer));
  }

  /**
   * GET /formations/{id} and /formations/visible/{id}: the formation with its modules and their
   * classes visible in `lang`. 404 when unknown; 403 + availableLanguages when hidden in `lang`
   * (an admin gets everything).
   */
  async detail(id: string, lang: Lang, viewer: Viewer): Promise<FormationDetail> {
    const formation = await this.visibleFormation(id, lang, viewer);
    return {
      ...toItemSummary(formation.row, lang, viewer),
      modules: this.moduleSummaries(formation, lang, viewer),
    };
  }

  /** GET /modules/formation/{formationId}: the modules (with classes) visible in `lang`. */
  async modules(formationId: string, lang: Lang, viewer: Viewer): Promise<ModuleSummary[]> {
    const formation = await this.visibleFormation(formationId, lang, viewer);
    return this.moduleSummaries(formation, lang, viewer);
  }

  /** GET /classes/module/{moduleId}: the module's classes visible in `lang`. */
  async moduleClasses(moduleId: string, lang: Lang, viewer: Viewer): Promise<ClassSummary[]> {
    const found = await this.repo.findModule(moduleId);
    if (!found) throw notFound(CATALOG_ERRORS.moduleNotFound, 'Module not found');
    const visible = andFlags(flagsOf(found.row.visible), flagsOf(found.itemVisible));
    assertVisibleIn(visible, lang, viewer, 'module');
    return toClassSummaries(await this.repo.classTitles([moduleId]), visible, lang, viewer);
  }

  /** A formation class with its module's and formation's flags, or undefined. */
  findClass(classId: string): Promise<FormationClassWithParents | undefined> {
    return this.repo.findClass(classId);
  }

  private async visibleFormation(
    id: string,
    lang: Lang,
    viewer: Viewer,
  ): Promise<FormationStructure> {
    const formation = await this.structure(id);
    assertVisibleIn(flagsOf(formation.row.visible), lang, viewer, 'training');
    return formation;
  }

  private moduleSummaries(
    { row, modules, classes }: FormationStructure,
    lang: Lang,
    viewer: Viewer,
  ): ModuleSummary[] {
    const byModule = new Map<string, FormationClassTitleRow[]>();
    for (const c of classes) {
      const list = byModule.get(c.moduleId);
      if (list) list.push(c);
      else byModule.set(c.moduleId, [c]);
    }
    return toModuleSummaries(
      modules,
      (id) => byModule.get(id) ?? [],
      flagsOf(row.visible),
      lang,
      viewer,
    );
  }

  protected async loadStructure(row: FormationSummaryRow): Promise<FormationStructure> {
    const modules = await this.repo.modules(row.id);
    return { row, modules, classes: await this.repo.classTitles(modules.map((m) => m.id)) };
  }
}
