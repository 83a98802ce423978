// Every app's translations exist in es, en and fr with the same keys and no empty text.
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const read = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** `a.b.c` -> value, for every leaf. */
function leaves(obj, prefix = '') {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? leaves(v, `${prefix}${k}.`)
      : [[`${prefix}${k}`, v]],
  );
}

const bundles = ['shell', 'mf-catalog', 'mf-learning', 'mf-checkout', 'mf-admin'].map((app) => [
  app,
  Object.fromEntries(['es', 'en', 'fr'].map((l) => [l, read(`${app}/src/locales/${l}.json`)])),
]);
bundles.push(['shared-web (common)', read('shared-web/src/locales/common.json')]);
// the practice player's texts load with its lazy chunk (namespace `practice`)
bundles.push([
  'mf-learning (practice)',
  Object.fromEntries(
    ['es', 'en', 'fr'].map((l) => [l, read(`mf-learning/src/locales/practice/${l}.json`)]),
  ),
]);

test.each(bundles)('%s has the same keys in es, en and fr, none empty', (_app, byLang) => {
  const keys = Object.fromEntries(
    Object.entries(byLang).map(([lang, tree]) => [
      lang,
      leaves(tree)
        .map(([k]) => k)
        .sort(),
    ]),
  );
  expect(keys.en).toEqual(keys.es);
  expect(keys.fr).toEqual(keys.es);
  for (const tree of Object.values(byLang)) {
    for (const [key, value] of leaves(tree)) {
      expect({ key, ok: typeof value === 'string' && value.trim() !== '' }).toEqual({
        key,
        ok: true,
      });
    }
  }
});
