// shared-web's public API (the names its index exports, with their kind) and the semver rule for
// changing it: an added export needs at least a minor bump, a removed or changed one a major.
// `npm run public-api:snapshot` refreshes the committed snapshot once the version is bumped.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import semver from 'semver';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');
export const SNAPSHOT = join(root, 'shared-web/public-api.json');
export const REFRESH = 'npm run public-api:snapshot';

function kindOf(symbol) {
  const f = ts.SymbolFlags;
  const kinds = [];
  if (symbol.flags & f.Class) kinds.push('class');
  else if (symbol.flags & f.Function) kinds.push('function');
  else if (symbol.flags & f.Variable) kinds.push('const');
  if (symbol.flags & f.Enum) kinds.push('enum');
  if (symbol.flags & f.Interface) kinds.push('interface');
  if (symbol.flags & f.TypeAlias) kinds.push('type');
  return kinds.join('+') || 'other';
}

/** `{ name: kind }` of what `<dir>/src/index.ts` exports, sorted by name. */
export function readPublicApi(dir = join(root, 'shared-web')) {
  const index = join(dir, 'src/index.ts');
  const program = ts.createProgram([index], {
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    resolveJsonModule: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(index));
  const out = {};
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    out[exported.name] = kindOf(target);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * What changed between the snapshot and the current exports, and the lowest version that
 * change allows (`needed`), or null when `version` is already enough.
 */
export function compareApi(snapshot, current, version) {
  const before = snapshot.exports;
  const added = Object.keys(current).filter((n) => !(n in before));
  const removed = Object.keys(before).filter((n) => !(n in current));
  const changed = Object.keys(current).filter((n) => n in before && before[n] !== current[n]);
  const bump = removed.length || changed.length ? 'major' : added.length ? 'minor' : null;
  const needed = bump ? semver.inc(snapshot.version, bump) : null;
  return {
    added,
    removed,
    changed: changed.map((n) => `${n} (${before[n]} -> ${current[n]})`),
    bump,
    needed,
    bumped: needed === null || semver.gte(version, needed),
  };
}

/** The message of a public API that changed: what changed, what to bump, how to refresh. */
export function describeChange(diff, version) {
  const lines = [];
  if (diff.added.length) lines.push(`added: ${diff.added.join(', ')}`);
  if (diff.removed.length) lines.push(`removed: ${diff.removed.join(', ')}`);
  if (diff.changed.length) lines.push(`changed: ${diff.changed.join(', ')}`);
  const what = `@circo/shared-web's public exports changed (${lines.join('; ')})`;
  if (!diff.bumped) {
    return `${what}: that is a ${diff.bump} change, so bump "version" in shared-web/package.json from ${version} to ${diff.needed} (and the remotes that use the change require ^${diff.needed} in their package.json), then run \`${REFRESH}\`.`;
  }
  return `${what} and the version is bumped to ${version}: run \`${REFRESH}\` and commit shared-web/public-api.json.`;
}

export const readSnapshot = (file = SNAPSHOT) => JSON.parse(readFileSync(file, 'utf8'));

const sharedWebVersion = (dir = join(root, 'shared-web')) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;

/** Writes the snapshot, refusing when the version was not bumped as the change requires. */
export function writeSnapshot(dir = join(root, 'shared-web'), file = SNAPSHOT) {
  const version = sharedWebVersion(dir);
  const current = readPublicApi(dir);
  let previous = null;
  try {
    previous = readSnapshot(file);
  } catch {
    // the first snapshot
  }
  if (previous) {
    const diff = compareApi(previous, current, version);
    if (!diff.bumped) throw new Error(describeChange(diff, version));
  }
  writeFileSync(file, JSON.stringify({ version, exports: current }, null, 2) + '\n');
  return { version, count: Object.keys(current).length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { version, count } = writeSnapshot();
    console.log(`shared-web/public-api.json: ${count} exports of @circo/shared-web ${version}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
