// The lint rule that keeps the API's imports pointing down its floors and out of other modules'
// internals (eslint.config.mjs `apiLayers`), run on real paths of api/src.
import { expect, test } from '@jest/globals';
import { ESLint } from 'eslint';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
// only the rule under test: the typed rules would parse the whole API for each snippet
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

async function layerErrors(file, line) {
  const code = `${line}\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

test.each([
  // a lower floor importing a higher one
  ['api/src/database/tables/courses.table.ts', "import { x } from '../../modules/jobs/index.js';"],
  ['api/src/database/tables/courses.table.ts', "import { x } from '../../config/app-config.js';"],
  ['api/src/database/database.ts', "import { x } from '../common/version-poll.js';"],
  ['api/src/database/database.module.ts', "import { x } from '../demo/prepare.js';"],
  ['api/src/config/app-config.ts', "import { x } from '../database/database.js';"],
  ['api/src/common/logging/banner.ts', "import { x } from '../../demo/seed.js';"],
  ['api/src/common/version-poll.ts', "import { x } from '../modules/users/index.js';"],
  ['api/src/modules/users/users.service.ts', "import { x } from '../../demo/seed.js';"],
  ['api/src/modules/site/site.service.ts', "import { x } from '../../web/serve-web.js';"],
  ['api/src/demo/seed.ts', "import { x } from '../app.module.js';"],
  // a module reaching into another's internals
  [
    'api/src/modules/diagnostics/runtime-diagnostics.controller.ts',
    "import { x } from '../users/password-hasher.js';",
  ],
  ['api/src/modules/auth/auth.service.ts', "import { x } from '../mail/templates.js';"],
  [
    'api/src/modules/learning/private-media.service.ts',
    "import { x } from '../media/media-storage.service.js';",
  ],
  [
    'api/src/modules/payments/checkout-pricing.service.ts',
    "import { x } from '../catalogue/courses/courses.repository.js';",
  ],
  ['api/src/demo/seed.ts', "import { x } from '../modules/users/password.js';"],
  ['api/src/web/serve-web.ts', "import { x } from '../modules/site/site.service.js';"],
])('%s may not: %s', async (file, line) => {
  expect(await layerErrors(file, line)).toHaveLength(1);
});

test.each([
  ['api/src/database/tables/practice.table.ts', "import { x } from './courses.table.js';"],
  ['api/src/database/transactions.ts', "import { x } from './database.js';"],
  ['api/src/common/version-poll.ts', "import { x } from '../database/database.js';"],
  [
    'api/src/modules/diagnostics/runtime-diagnostics.controller.ts',
    "import { x } from '../users/index.js';",
  ],
  [
    'api/src/modules/learning/learning.module.ts',
    "import { x } from '../catalogue/courses/courses.module.js';",
  ],
  // inside one bounded area its parts use each other freely
  [
    'api/src/modules/catalogue/courses/course-admin.service.ts',
    "import { x } from '../classes/class-writer.service.js';",
  ],
  ['api/src/demo/seed.ts', "import { x } from '../modules/media/index.js';"],
  ['api/src/app.module.ts', "import { x } from './demo/prepare.js';"],
])('%s may: %s', async (file, line) => {
  expect(await layerErrors(file, line)).toEqual([]);
});
