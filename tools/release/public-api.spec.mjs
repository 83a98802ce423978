// CI check: shared-web is a public contract between separately released apps. Its exports are
// snapshotted in shared-web/public-api.json; a change without the matching semver bump fails.
import { describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compareApi,
  describeChange,
  readPublicApi,
  readSnapshot,
  root,
  writeSnapshot,
} from './public-api.mjs';

const version = JSON.parse(readFileSync(join(root, 'shared-web/package.json'), 'utf8')).version;

it("shared-web's public exports match the committed snapshot and its version", () => {
  const snapshot = readSnapshot();
  const diff = compareApi(snapshot, readPublicApi(), version);
  if (diff.bump || snapshot.version !== version) {
    throw new Error(
      diff.bump
        ? describeChange(diff, version)
        : `shared-web is ${version} but its snapshot says ${snapshot.version}: run \`npm run public-api:snapshot\``,
    );
  }
});

describe('the semver rule for a change of exports', () => {
  const snapshot = { version: '1.2.3', exports: { Spinner: 'function', Props: 'interface' } };

  it('an added export needs a minor bump; the message says what to bump and how to refresh', () => {
    const current = { ...snapshot.exports, formatDuration: 'function' };
    const diff = compareApi(snapshot, current, '1.2.3');
    expect(diff).toMatchObject({ added: ['formatDuration'], bump: 'minor', needed: '1.3.0' });
    expect(diff.bumped).toBe(false);
    expect(describeChange(diff, '1.2.3')).toBe(
      '@circo/shared-web\'s public exports changed (added: formatDuration): that is a minor change, so bump "version" in shared-web/package.json from 1.2.3 to 1.3.0 (and the remotes that use the change require ^1.3.0 in their package.json), then run `npm run public-api:snapshot`.',
    );
    expect(compareApi(snapshot, current, '1.2.4').bumped).toBe(false);
    expect(compareApi(snapshot, current, '1.3.0').bumped).toBe(true);
    expect(compareApi(snapshot, current, '2.0.0').bumped).toBe(true);
  });

  it('a removed export or a changed kind needs a major bump', () => {
    const removed = compareApi(snapshot, { Spinner: 'function' }, '1.9.0');
    expect(removed).toMatchObject({ removed: ['Props'], bump: 'major', needed: '2.0.0' });
    expect(removed.bumped).toBe(false);
    const changed = compareApi(snapshot, { Spinner: 'class', Props: 'interface' }, '2.0.0');
    expect(changed).toMatchObject({ changed: ['Spinner (function -> class)'], bumped: true });
  });
});

it('fails on a real unbumped new export, and refreshes once the version is bumped', () => {
  // a copy of shared-web with one more export, checked by the same code as the real one
  const dir = mkdtempSync(join(tmpdir(), 'shared-web-'));
  try {
    cpSync(join(root, 'shared-web/src'), join(dir, 'src'), { recursive: true });
    cpSync(join(root, 'shared-web/package.json'), join(dir, 'package.json'));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const snapshotFile = join(dir, 'public-api.json');
    cpSync(join(root, 'shared-web/public-api.json'), snapshotFile);
    writeFileSync(
      join(dir, 'src/index.ts'),
      readFileSync(join(dir, 'src/index.ts'), 'utf8') +
        'export const formatDuration = (s: number): string => `${s} s`;\n',
    );

    const diff = compareApi(readSnapshot(snapshotFile), readPublicApi(dir), version);
    expect(diff).toMatchObject({ added: ['formatDuration'], bump: 'minor', bumped: false });
    expect(() => writeSnapshot(dir, snapshotFile)).toThrow(/bump "version" .* to \d+\.\d+\.0/);

    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    pkg.version = diff.needed;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    writeSnapshot(dir, snapshotFile);
    expect(readSnapshot(snapshotFile)).toMatchObject({
      version: diff.needed,
      exports: { formatDuration: 'const' },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
