import { relations, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  createdAt,
  localizedOptional,
  localizedText,
  localizedTextOrEmpty,
  searchExpression,
  updatedAt,
  visibleFlags,
} from '../../database/columns.js';

/** Online formations (training programmes): formation -> modules -> classes. */
export const formations = pgTable(
  'formations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: localizedText('title'),
    description: localizedTextOrEmpty('description'),
    priceCents: integer('price_cents').notNull(),
    image: localizedOptional('image'),
    imagePublicId: localizedOptional('image_public_id'),
    pdf: localizedOptional('pdf'),
    pdfPublicId: localizedOptional('pdf_public_id'),
    video: localizedOptional('video'),
    visible: visibleFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchEs: text('search_es').generatedAlwaysAs(searchExpression('es')),
    searchEn: text('search_en').generatedAlwaysAs(searchExpression('en')),
    searchFr: text('search_fr').generatedAlwaysAs(searchExpression('fr')),
  },
  (t) => [
    check('formations_price_cents_check', sql`${t.priceCents} >= 0`),
    index('formations_search_es_idx').using('gin', t.searchEs.op('gin_trgm_ops')),
    index('formations_search_en_idx').using('gin', t.searchEn.op('gin_trgm_ops')),
    index('formations_search_fr_idx').using('gin', t.searchFr.op('gin_trgm_ops')),
    index('formations_created_at_idx').on(t.createdAt),
  ],
);

export const formationModules = pgTable(
  'formation_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formationId: uuid('formation_id')
      .notNull()
      .references(() => formations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: localizedText('title'),
    description: localizedTextOrEmpty('description'),
    visible: visibleFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('formation_modules_formation_id_position_idx').on(t.formationId, t.position)],
);

export const formationClasses = pgTable(
  'formation_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => formationModules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: localizedText('title'),
    subtitle: localizedTextOrEmpty('subtitle'),
    content: localizedTextOrEmpty('content'),
    secondaryContent: localizedTextOrEmpty('secondary_content'),
    visible: visibleFlags(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('formation_classes_module_id_position_idx').on(t.moduleId, t.position)],
);

export const formationsRelations = relations(formations, ({ many }) => ({
  modules: many(formationModules),
}));
export const formationModulesRelations = relations(formationModules, ({ one, many }) => ({
  formation: one(formations, {
    fields: [formationModules.formationId],
    references: [formations.id],
  }),
  classes: many(formationClasses),
}));
export const formationClassesRelations = relations(formationClasses, ({ one }) => ({
  module: one(formationModules, {
    fields: [formationClasses.moduleId],
    references: [formationModules.id],
  }),
}));

export type FormationRow = typeof formations.$inferSelect;
export type NewFormationRow = typeof formations.$inferInsert;
export type FormationModuleRow = typeof formationModules.$inferSelect;
export type NewFormationModuleRow = typeof formationModules.$inferInsert;
export type FormationClassRow = typeof formationClasses.$inferSelect;
export type NewFormationClassRow = typeof formationClasses.$inferInsert;
