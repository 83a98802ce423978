import {
  fromCents,
  slugOrDefault,
  type ClassDetail,
  type ClassMediaSummary,
  type ClassSummary,
  type CourseSummary,
  type Lang,
  type Localized,
  type ModuleSummary,
} from '@circo/shared-contracts';
import type {
  LocalizedFlags,
  LocalizedOptional,
  LocalizedText,
} from '../../database/tables/columns.js';
import { andFlags, blankOptional, blankText, flagsOf, type Viewer } from './visibility.js';

// Rows -> public catalogue answers (shared-contracts/src/api/catalog.ts). Courses and formations
// have the same columns, so one mapper serves both. Hidden languages come back as '' / null
// unless the viewer is an admin; public ids, private media URLs and search columns never leave.

/** The columns of a course or formation that a summary shows. */
export interface CatalogItemRow {
  id: string;
  title: LocalizedText;
  description: LocalizedText;
  priceCents: number;
  image: LocalizedOptional;
  pdf: LocalizedOptional;
  video: LocalizedOptional;
  visible: LocalizedFlags;
}

export interface ClassTitleRow {
  id: string;
  title: LocalizedText;
  visible: LocalizedFlags;
}

export interface ClassContentRow extends ClassTitleRow {
  subtitle: LocalizedText;
  content: LocalizedText;
  secondaryContent: LocalizedText;
}

export interface ModuleRow {
  id: string;
  formationId: string;
  title: LocalizedText;
  description: LocalizedText;
  visible: LocalizedFlags;
}

export interface MediaRow {
  id: string;
  kind: 'pdf' | 'video';
  url: LocalizedOptional;
  title: LocalizedText;
  description: LocalizedText;
}

/** Whether a viewer gets something with these flags listed in `lang`. */
export const listedIn = (flags: Localized<boolean>, lang: Lang, viewer: Viewer): boolean =>
  viewer.reveal || flags[lang] === true;

// slugify (Unicode normalisation and regexes) ran per item per request; titles repeat across
// lists, languages and searches, so each is slugified once (bounded: cleared when full)
const slugs = new Map<string, string>();
function slugOf(title: string): string {
  let slug = slugs.get(title);
  if (slug === undefined) {
    if (slugs.size >= 20_000) slugs.clear();
    slug = slugOrDefault(title);
    slugs.set(title, slug);
  }
  return slug;
}

/** CourseSummary / FormationSummary; `slug` is the slug of the title in `lang`. */
export function toItemSummary(row: CatalogItemRow, lang: Lang, viewer: Viewer): CourseSummary {
  const visible = flagsOf(row.visible);
  const title = blankText(row.title, visible, viewer.reveal);
  return {
    _id: row.id,
    slug: slugOf(title[lang]),
    title,
    description: blankText(row.description, visible, viewer.reveal),
    price: fromCents(row.priceCents),
    image: blankOptional(row.image, visible, viewer.reveal),
    pdf: blankOptional(row.pdf, visible, viewer.reveal),
    video: blankOptional(row.video, visible, viewer.reveal),
    visible,
  };
}

/** A class's title; `visible` is where it can be seen: its own flags and its parents'. */
export function toClassSummary(
  row: ClassTitleRow,
  parent: Localized<boolean>,
  viewer: Viewer,
): ClassSummary {
  const visible = andFlags(flagsOf(row.visible), parent);
  return { _id: row.id, title: blankText(row.title, visible, viewer.reveal), visible };
}

/** The classes a viewer gets in `lang`, in the given order. */
export function toClassSummaries(
  rows: readonly ClassTitleRow[],
  parent: Localized<boolean>,
  lang: Lang,
  viewer: Viewer,
): ClassSummary[] {
  return rows
    .map((r) => toClassSummary(r, parent, viewer))
    .filter((c) => listedIn(c.visible, lang, viewer));
}

/** A module with the classes the viewer gets in `lang`; `formation` is the formation's flags. */
export function toModuleSummary(
  row: ModuleRow,
  classes: readonly ClassTitleRow[],
  formation: Localized<boolean>,
  lang: Lang,
  viewer: Viewer,
): ModuleSummary {
  const visible = andFlags(flagsOf(row.visible), formation);
  return {
    _id: row.id,
    formationId: row.formationId,
    title: blankText(row.title, visible, viewer.reveal),
    description: blankText(row.description, visible, viewer.reveal),
    visible,
    classes: toClassSummaries(classes, visible, lang, viewer),
  };
}

/** The modules a viewer gets in `lang`, each with its classes (`classesOf(moduleId)`). */
export function toModuleSummaries(
  rows: readonly ModuleRow[],
  classesOf: (moduleId: string) => readonly ClassTitleRow[],
  formation: Localized<boolean>,
  lang: Lang,
  viewer: Viewer,
): ModuleSummary[] {
  return rows
    .map((m) => toModuleSummary(m, classesOf(m.id), formation, lang, viewer))
    .filter((m) => listedIn(m.visible, lang, viewer));
}

function toMedia(row: MediaRow, visible: Localized<boolean>, reveal: boolean): ClassMediaSummary {
  return {
    _id: row.id,
    title: blankText(row.title, visible, reveal),
    description: blankText(row.description, visible, reveal),
    hasFile: {
      es: (reveal || visible.es) && !!row.url?.es,
      en: (reveal || visible.en) && !!row.url?.en,
      fr: (reveal || visible.fr) && !!row.url?.fr,
    },
  };
}

/**
 * The full class for an admin or a buyer: texts of the visible languages and its PDFs and videos
 * (titles and descriptions only: private media are fetched one by one through their own routes).
 */
export function toClassDetail(
  row: ClassContentRow,
  parent: Localized<boolean>,
  media: readonly MediaRow[],
  viewer: Viewer,
  owner: Pick<ClassDetail, 'course' | 'moduleId' | 'formationId'>,
): ClassDetail {
  const visible = andFlags(flagsOf(row.visible), parent);
  const text = (v: LocalizedText) => blankText(v, visible, viewer.reveal);
  return {
    _id: row.id,
    ...owner,
    title: text(row.title),
    subtitle: text(row.subtitle),
    content: text(row.content),
    secondaryContent: text(row.secondaryContent),
    visible,
    pdfs: media.filter((m) => m.kind === 'pdf').map((m) => toMedia(m, visible, viewer.reveal)),
    videos: media.filter((m) => m.kind === 'video').map((m) => toMedia(m, visible, viewer.reveal)),
  };
}
