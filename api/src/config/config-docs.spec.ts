// docs/configuration.md and the README's configuration table cannot drift from the API's
// configuration: the variables documented are exactly those loadConfig reads, a default written
// as one literal value is loadConfig's default, and a whole-number range is where loadConfig
// starts and stops accepting.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config.js';

const repo = new URL('../../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, repo), 'utf8');

interface Row {
  file: string;
  names: string[];
  defaultCell: string;
  range: string | null;
}

/** The rows of every table whose header starts `| Variable | Default |`. */
function settingRows(file: string): Row[] {
  const rows: Row[] = [];
  let inTable = false;
  for (const line of read(file).split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] === 'Variable') {
      inTable = cells[1] === 'Default';
      continue;
    }
    if (!inTable || /^-+$/.test(cells[0]!)) continue;
    rows.push({
      file,
      names: [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!),
      defaultCell: cells[1]!,
      range: cells[2] !== undefined && cells[3] !== undefined ? cells[2] : null,
    });
  }
  return rows;
}

const dataDir = mkdtempSync(join(tmpdir(), 'circo-config-docs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir };
const load = (env: Record<string, string> = {}) => loadConfig({ ...base, ...env });

/** Every variable loadConfig reads, recorded by a proxy over an environment with nothing set. */
function variablesRead(): string[] {
  const names = new Set<string>();
  const env = new Proxy({ ...base } as Record<string, string | undefined>, {
    get(target, key) {
      if (typeof key === 'string') names.add(key);
      return target[key as string];
    },
  });
  loadConfig(env);
  return [...names].sort();
}

const documented = settingRows('docs/configuration.md');
const inReadme = settingRows('README.md');

it('documents every variable the API reads, and none it does not', () => {
  expect(documented.length).toBeGreaterThan(40);
  expect(documented.flatMap((r) => r.names).sort()).toEqual(variablesRead());
});

it('the README names only variables the API reads, each documented in docs/configuration.md', () => {
  const known = new Set(variablesRead());
  const names = inReadme.flatMap((r) => r.names);
  expect(names.length).toBeGreaterThan(10);
  expect(names.filter((name) => !known.has(name))).toEqual([]);
});

/** A default cell that is one code span with no variable in it, e.g. `3000` or `info`. */
const literal = (cell: string) => /^`([^`$]*)`$/.exec(cell)?.[1] ?? null;

it.each(
  [...documented, ...inReadme]
    // DATA_DIR stays the test's own folder: the default one would get generated secrets
    .filter((r) => r.names.length === 1 && r.names[0] !== 'DATA_DIR')
    .filter((r) => literal(r.defaultCell) !== null)
    .map((r) => [r.names[0]!, literal(r.defaultCell)!, r.file] as const),
)('%s: the documented default %p (%s) is the default', (name, value) => {
  expect(load({ [name]: value })).toEqual(load());
});

it.each(
  documented
    .filter((r) => r.range && /^\d[\d,]*-\d[\d,]*$/.test(r.range))
    .map((r) => {
      const [min, max] = r.range!.replace(/,/g, '').split('-').map(Number);
      return [r.names[0]!, min!, max!] as const;
    }),
)('%s: accepted from %p to %p, refused outside', (name, min, max) => {
  expect(() => load({ [name]: String(min) })).not.toThrow();
  expect(() => load({ [name]: String(max) })).not.toThrow();
  expect(() => load({ [name]: String(max + 1) })).toThrow(name);
  if (min > 0) expect(() => load({ [name]: String(min - 1) })).toThrow(name);
});
