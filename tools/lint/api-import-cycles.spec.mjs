// The API's runtime import graph has no cycle, and common/ does not load feature modules: a cycle
// (guard -> users -> progress -> courses -> mapper -> visibility -> guard, as it once was) makes
// the order in which ES modules initialise decide whether a class is defined yet.
import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const src = join(import.meta.dirname, '../../api/src');
const files = readdirSync(src, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
  .map((f) => join(src, f));

// value imports and re-exports of relative files; `import type` / `export type` vanish at run time
const IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function runtimeImports(file) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(IMPORT)].map((m) =>
    resolve(dirname(file), m[1].replace(/\.js$/, '.ts')),
  );
}

const graph = new Map(files.map((f) => [f, runtimeImports(f)]));

function findCycle() {
  const state = new Map(); // 1 = on the stack, 2 = done
  const stack = [];
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(file, 2);
    return null;
  };
  for (const file of files) {
    if (state.has(file)) continue;
    const cycle = visit(file);
    if (cycle) return cycle.map((f) => relative(src, f));
  }
  return null;
}

test('the API has no runtime import cycle', () => {
  expect(graph.size).toBeGreaterThan(50);
  expect(findCycle()).toBeNull();
});

test('common/ loads no feature module at run time', () => {
  const offending = files
    .filter((f) => relative(src, f).startsWith('common/'))
    .flatMap((f) =>
      runtimeImports(f)
        .filter((target) => relative(src, target).startsWith('modules/'))
        .map((target) => `${relative(src, f)} -> ${relative(src, target)}`),
    );
  expect(offending).toEqual([]);
});
