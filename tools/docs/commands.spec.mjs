// Every command in README.md and docs/ runs as written. A block fenced as ```sh runnable is run
// (from the repository's root, in bash with -e) and must exit 0: mark only quick commands that
// leave nothing behind (npm test builds first, so they may use the builds). The other sh blocks
// start servers or run for minutes: for them, and for the inline code of every page, each
// `npm run` script, each file or folder named and each local link must exist.
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The fenced code blocks of a page: info string, text, line. */
function blocks(page) {
  const found = [];
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*```(\S*)(.*)$/.exec(lines[i]);
    if (!open) continue;
    const start = i + 1;
    while (++i < lines.length && !/^\s*```\s*$/.test(lines[i]));
    found.push({
      lang: open[1],
      runnable: /\brunnable\b/.test(open[2]),
      text: lines.slice(start, i).join('\n'),
      line: start,
    });
  }
  return found;
}

// as a person's shell has it: without Jest's variables (Playwright refuses to run under Jest)
const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('JEST_')),
);

const packageJson = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
const workspaces = Object.fromEntries(
  packageJson('.').workspaces.map((dir) => [packageJson(dir).name, dir]),
);

/** `npm run <script> [-w <workspace>]` named in `text` whose script does not exist. */
function missingScripts(text) {
  const missing = [];
  for (const m of text.matchAll(/npm run ([\w:.-]+)((?: -w| --workspace)[ =](\S+))?/g)) {
    const dir = m[3] ? workspaces[m[3]] : '.';
    if (!dir || !packageJson(dir).scripts?.[m[1]]) missing.push(m[0]);
  }
  return missing;
}

const TOP =
  /^(?:api|bench|docs|e2e|scripts|tools|shell|shared-contracts|shared-web|mf-[a-z]+|\.ci)\//;

/** Repository paths named in `text` (in code) that do not exist; built output and what a run writes
 * (`dist/`, `.data/`) are not checked. */
function missingPaths(text) {
  const missing = [];
  for (const m of text.matchAll(/(?<![\w/$.-])((?:\.ci|[a-z][\w-]*)\/[\w./{},*-]*)/g)) {
    const path = m[1].replace(/[.,:]+$/, '');
    if (!TOP.test(path) || /[*{}$]|\/(dist|\.data)(\/|$)|<|>/.test(path)) continue;
    if (!existsSync(join(root, path))) missing.push(path);
  }
  return missing;
}

describe.each(pages)('%s', (page) => {
  const all = blocks(page);
  const text = readFileSync(join(root, page), 'utf8');

  it('names only npm scripts that exist', () => {
    expect(missingScripts(text)).toEqual([]);
  });

  it('names only files and folders that exist, in its commands and its inline code', () => {
    const code = [
      ...all.filter((b) => b.lang === 'sh').map((b) => b.text),
      ...[...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]),
    ].join('\n');
    expect(missingPaths(code)).toEqual([]);
  });

  it('links only to files that exist', () => {
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((href) => !/^[a-z]+:/.test(href));
    const base = dirname(join(root, page));
    expect(links.filter((href) => !existsSync(join(base, href)))).toEqual([]);
  });

  const runnable = all.filter((b) => b.lang === 'sh' && b.runnable);
  if (runnable.length) {
    it.each(runnable.map((b) => [b.line, b.text]))(
      'runs the block at line %i as written',
      (_line, script) => {
        const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], {
          cwd: root,
          encoding: 'utf8',
          timeout: 120_000,
          env: { ...shellEnv, FORCE_COLOR: '0' },
        });
        if (r.status !== 0) {
          const said = r.error ? String(r.error) : `${r.stdout}${r.stderr}`;
          throw new Error(`${page}: exit ${r.status} from\n${script}\n${said}`);
        }
      },
    );
  }
});

it('every page is reached: at least one runnable block across the docs', () => {
  expect(pages.flatMap((p) => blocks(p)).filter((b) => b.runnable).length).toBeGreaterThan(2);
});
