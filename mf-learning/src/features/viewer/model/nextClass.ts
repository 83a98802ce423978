/**
 * Where the student goes on: the class after the last one she marked done, in the order of the
 * item (modules, then their classes); the first class when none is done; when the last one is
 * done, the first she left undone; null when every class is done.
 */
export function nextClass<T extends { _id: string }>(
  ordered: readonly T[],
  done: ReadonlySet<string>,
): T | null {
  let last = -1;
  ordered.forEach((c, i) => {
    if (done.has(c._id)) last = i;
  });
  const after = ordered[last + 1];
  if (after) return after;
  return ordered.find((c) => !done.has(c._id)) ?? null;
}
