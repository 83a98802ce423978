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
import { CatalogRows } from '../cache/catalog-rows.js';
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
export class FormationsService {
  private readonly structures: CatalogRows<FormationStructure>;

  constructor(
    private readonly repo: FormationsRepository,
    cache: CatalogCacheService,
    host: TransactionHost,
  ) {
    this.structures = new CatalogRows(cache, host, STRUCTURES_KEPT);
  }

  /** The formation, or 404 `formations.not_found`. */
  async get(id: string): Promise<FormationRow> {
    const row = await this.repo.items.find(id);
    if (!row) throw formationNotFound();
    return row;
  }

  /** What a checkout prices the formation by (title, price, visibility), or 404. */
  async forSale(
    id: string,
  ): Promise<Pick<FormationSummaryRow, 'title' | 'priceCents' | 'visible'>> {
    const formation = await this.structure(id);
    if (!formation) throw formationNotFound();
    return formation.row;
  }

  /** Whether the class is in one of the formation's modules (404 when the formation does not exist). */
  async hasClass(formationId: string, classId: string): Promise<boolean> {
    const formation = await this.structure(formationId);
    if (!formation) throw formationNotFound();
    return formation.classes.some((c) => c.id === classId);
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
    const visible = andFlags(flagsOf(found.module.visible), flagsOf(found.formationVisible));
    assertVisibleIn(visible, lang, viewer, 'module');
    return toClassSummaries(await this.repo.classTitles([moduleId]), visible, lang, viewer);
  }

  /** The given formations as summaries in `lang` (hidden languages blanked), in the order of `ids`. */
  async summaries(ids: readonly string[], lang: Lang, viewer: Viewer): Promise<FormationSummary[]> {
    const rows = new Map((await this.repo.items.summaries(ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toItemSummary(row, lang, viewer)] : [];
    });
  }

  /** Visible formations matching the search term in `lang`. */
  async search(lang: Lang, q: string, limit: number, viewer: Viewer): Promise<FormationSummary[]> {
    const rows = await this.repo.items.search(lang, q, limit);
    return rows.map((r) => toItemSummary(r, lang, viewer));
  }

  /** A formation class with its module's and formation's flags, or undefined. */
  findClass(classId: string): Promise<FormationClassWithParents | undefined> {
    return this.repo.findClass(classId);
  }

  /** Titles and flags of the given formations, by id (unknown ids are absent). */
  async titles(
    ids: readonly string[],
  ): Promise<Map<string, Pick<FormationRow, 'title' | 'visible'>>> {
    const rows = await this.repo.items.titles(ids);
    return new Map(rows.map((r) => [r.id, { title: r.title, visible: r.visible }]));
  }

  private async visibleFormation(
    id: string,
    lang: Lang,
    viewer: Viewer,
  ): Promise<FormationStructure> {
    const formation = await this.structure(id);
    if (!formation) throw formationNotFound();
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

  /** The formation, its modules and classes, kept until the catalogue changes; undefined when unknown. */
  private structure(id: string): Promise<FormationStructure | undefined> {
    return this.structures.get(id, async () => {
      const row = await this.repo.items.findSummary(id);
      if (!row) return undefined;
      const modules = await this.repo.modules(id);
      return { row, modules, classes: await this.repo.classTitles(modules.map((m) => m.id)) };
    });
  }
}
