// No React component in a front end over 150 lines (blank lines and comments aside): the lint
// rule that holds it, run on real paths.
import { expect, test } from '@jest/globals';
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { COMPONENT_MAX_LINES } from '../../eslint.config.mjs';

const root = join(import.meta.dirname, '../..');
// the project's config without type information, and only the rule under test: the typed program
// of the front ends was most of this file's time
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'max-lines-per-function',
});

/** A component of `lines` lines (its first and last included), a comment and a blank line between each two. */
function component(lines) {
  const body = Array.from({ length: lines - 3 }, (_, i) => `  const v${i} = ${i};\n\n  // ${i}`);
  return `export function Big() {\n${body.join('\n')}\n  return null;\n}\n`;
}

async function sizeErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'max-lines-per-function');
}

test.each([
  'mf-admin/src/pages/AdminPage.tsx',
  'mf-learning/src/features/practice/components/PlayerScreen.tsx',
  'shell/src/pages/account/LoginPage.tsx',
  'shared-web/src/practice/ClipPlayer.tsx',
])('%s may not hold a component over the limit', async (file) => {
  expect(await sizeErrors(file, component(COMPONENT_MAX_LINES + 1))).toHaveLength(1);
  expect(await sizeErrors(file, component(COMPONENT_MAX_LINES))).toEqual([]);
});

test('a test file may be longer', async () => {
  const file = 'mf-admin/src/features/students/components/StudentsList.spec.tsx';
  expect(await sizeErrors(file, component(COMPONENT_MAX_LINES + 50))).toEqual([]);
});
