// The hostile-media corpus (api/test/support/media-corpus.ts) for the bench scripts: compiled to
// JavaScript with swc beside its fixtures (it reads files relative to itself), then imported.
// `remove()` deletes the compiled copy.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import swc from '@swc/core';

const root = join(import.meta.dirname, '..');

export async function loadCorpus() {
  const out = join(root, 'api/test/support/.bench-corpus');
  mkdirSync(out, { recursive: true });
  for (const name of ['webm', 'media-corpus']) {
    const { code } = swc.transformFileSync(join(root, `api/test/support/${name}.ts`), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
    });
    writeFileSync(join(out, `${name}.mjs`), code.replaceAll("'./webm.js'", "'./webm.mjs'"));
  }
  // the compiled module sits one folder lower than its source: its paths point one level up
  const corpus = join(out, 'media-corpus.mjs');
  writeFileSync(
    corpus,
    readFileSync(corpus, 'utf8').replaceAll('import.meta.dirname', "import.meta.dirname + '/..'"),
  );
  return {
    mod: await import(pathToFileURL(corpus).href),
    remove: () => rmSync(out, { recursive: true, force: true }),
  };
}
