// Error codes are written once, as constants in shared-contracts: the API
// throws them and the UI branches on them. This finds a code typed as a string literal elsewhere.
import { expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '../..');
const DIRS = [
  'api/src',
  'shared-web/src',
  'shell/src',
  'mf-catalog/src',
  'mf-learning/src',
  'mf-checkout/src',
  'mf-admin/src',
];

function sources(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Every code declared in shared-contracts: `key: 'area.reason'` inside an `*_ERRORS` object. */
function declaredCodes() {
  const codes = new Set();
  for (const file of sources('shared-contracts/src')) {
    const text = readFileSync(file, 'utf8');
    for (const block of text.matchAll(/export const [A-Z_]+_ERRORS = \{([^}]*)\}/g)) {
      for (const m of block[1].matchAll(/:\s*'([a-z_]+\.[a-z_]+)'/g)) codes.add(m[1]);
    }
  }
  return codes;
}

test('shared-contracts declares the error codes', () => {
  const codes = declaredCodes();
  expect(codes).toContain('courses.not_found');
  expect(codes).toContain('users.not_found');
  expect(codes).toContain('network.unreachable');
});

test('no error code is written as a string literal outside shared-contracts', () => {
  const codes = declaredCodes();
  const found = [];
  for (const dir of DIRS) {
    for (const file of sources(dir)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // comments may name a code
        for (const m of line.matchAll(/['"]([a-z_]+\.[a-z_]+)['"]/g)) {
          if (codes.has(m[1])) found.push(`${relative(root, file)}:${i + 1} ${m[1]}`);
        }
      });
    }
  }
  expect(found).toEqual([]);
});
