// Progress in My Courses (storefront spec section 9): completed classes / all classes, rounded;
// for formations also the modules whose classes are all done.

/**
 * Rounded percent (0-100) of the item's classes that are done. Completed ids of classes no longer
 * in the item (deleted or moved) are ignored, as are duplicates; no classes -> 0.
 */
export function progressPercent(
  completed: readonly string[],
  allClassIds: readonly string[],
): number {
  const all = new Set(allClassIds);
  if (all.size === 0) return 0;
  const done = new Set(completed.filter((id) => all.has(id)));
  return Math.round((done.size / all.size) * 100);
}

/** How many modules have every class done. A module without classes is not completed. */
export function completedModules(
  modules: ReadonlyArray<{ classIds: readonly string[] }>,
  completed: readonly string[],
): number {
  const done = new Set(completed);
  return modules.filter((m) => m.classIds.length > 0 && m.classIds.every((id) => done.has(id)))
    .length;
}

/**
 * The gauge of a course or formation detail (spec sections 4 and 9): the rounded share of classes
 * done; for a formation (`modules` given) the completed modules count too, each as one more step:
 * (classes done + modules completed) / (classes + modules). No classes and no modules -> 0.
 */
export function itemProgressPercent(
  completed: readonly string[],
  item: { classIds: readonly string[]; modules?: ReadonlyArray<{ classIds: readonly string[] }> },
): number {
  const all = new Set(item.classIds);
  const done = new Set(completed.filter((id) => all.has(id))).size;
  // a module without classes can never be completed: it does not count at all
  const modules = (item.modules ?? []).filter((m) => m.classIds.length > 0);
  const total = all.size + modules.length;
  if (total === 0) return 0;
  return Math.round(((done + completedModules(modules, completed)) / total) * 100);
}
