// Starts a worker thread (or, with --import, a child process) from the API's TypeScript source:
// jest runs api/src through @swc/jest, but a worker thread is plain Node, outside jest's transform. This file (plain JS, so Node loads
// it as is) registers itself as a module loader that compiles .ts files with @swc/core, with the
// same settings as jest, then imports the worker's .ts entry (workerData.sourceEntry). The built
// API (api/dist) starts its compiled worker directly and never loads this file (tsc does not copy
// it to dist).
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { isMainThread, workerData } from 'node:worker_threads';

// the same file, loaded again on Node's loader thread, only provides the hooks below
if (!isMainThread && typeof workerData?.sourceEntry === 'string') {
  register(import.meta.url);
  await import(workerData.sourceEntry);
}
// a child process started from the source (`node --import <this file> entry.ts`, the page
// renderer): the hooks compile its .ts entry
if (isMainThread && process.argv[1]?.endsWith('.ts')) register(import.meta.url);

/** `./x.js` from a .ts file means `./x.ts` (TypeScript's NodeNext imports name the output). */
export async function resolve(specifier, context, next) {
  if (context.parentURL?.endsWith('.ts') && /^\.\.?\/.*\.js$/.test(specifier)) {
    try {
      return await next(specifier.replace(/\.js$/, '.ts'), context);
    } catch {
      // a real .js file
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const { transform } = await import('@swc/core');
  const { code } = await transform(await readFile(new URL(url), 'utf8'), {
    filename: url,
    sourceMaps: 'inline',
    module: { type: 'es6' },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      experimental: { keepImportAttributes: true },
    },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
