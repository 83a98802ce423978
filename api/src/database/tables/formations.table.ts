import { relations } from 'drizzle-orm';
import { index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import {
  classContentColumns,
  localizedText,
  localizedTextOrEmpty,
  searchEntryColumns,
  searchEntryIndexes,
  sellableItemColumns,
  sellableItemIndexes,
  createdAt,
  updatedAt,
  visibleFlags,
} from './columns.js';

/** Online formations (training programmes): formation -> modules -> classes. */
export const formations = pgTable('formations', sellableItemColumns(), (t) =>
  sellableItemIndexes('formations', t),
);

/** What a search reads of each formation, per language (kept in step by a trigger on formations). */
export const formationSearch = pgTable(
  'formation_search',
  searchEntryColumns(() => formations.id),
  (t) => searchEntryIndexes('formation_search', t),
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
    ...classContentColumns(),
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
