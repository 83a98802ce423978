// The browser builds run React itself: no Preact in any built bundle, and the shell's
// code hydrates the server's HTML with react-dom's hydrateRoot. Reads the builds `npm test` (and
// `npm run build`) made.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const APPS = ['shell', 'mf-catalog', 'mf-learning', 'mf-checkout', 'mf-admin'];

/** The browser's JS files of an app's build (not its server bundle). */
function browserJs(app) {
  const dist = join(root, app, 'dist');
  if (!existsSync(dist)) throw new Error(`${app} is not built: run npm run build`);
  return readdirSync(dist)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: `${app}/dist/${f}`, code: readFileSync(join(dist, f), 'utf8') }));
}

describe('browser builds', () => {
  it('hold no Preact', () => {
    const withPreact = APPS.flatMap(browserJs)
      .filter(({ code }) => /preact/i.test(code))
      .map(({ file }) => file);
    expect(withPreact).toEqual([]);
  });

  it("hydrate the server's HTML with react-dom", () => {
    const shell = browserJs('shell');
    expect(shell.some(({ code }) => code.includes('hydrateRoot'))).toBe(true);
  });
});
