// One jest run for the whole repo (ESM mode: `node --experimental-vm-modules`), one project per
// package (front ends in jsdom). API integration tests are `*.int.spec.ts`; they run on PGlite, or on PostgreSQL when
// DATABASE_URL is set.
const swc = (extra = {}) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        react: { runtime: 'automatic' },
      },
      ...extra,
    },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc() },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@circo/shared-contracts$': '<rootDir>/../shared-contracts/src/index.ts',
  },
};

/**
 * React's API on Preact, as the browser builds run it (tools/rspack/createAppConfig.mjs): every
 * name points at Preact's CommonJS build, so ES-module and CommonJS importers (Testing Library)
 * share one copy of Preact (two would not share hooks).
 */
const preact = '<rootDir>/../node_modules/preact';
const reactOnPreact = {
  '^react$': `${preact}/compat/dist/compat.js`,
  '^react-dom$': `${preact}/compat/dist/compat.js`,
  '^react-dom/client$': `${preact}/compat/client.js`,
  '^react-dom/test-utils$': `${preact}/test-utils/dist/testUtils.js`,
  '^react/jsx-(dev-)?runtime$': `${preact}/compat/jsx-runtime.js`,
  '^preact$': `${preact}/dist/preact.js`,
  '^preact/compat$': `${preact}/compat/dist/compat.js`,
  '^preact/hooks$': `${preact}/hooks/dist/hooks.js`,
  '^preact/jsx-runtime$': `${preact}/jsx-runtime/dist/jsxRuntime.js`,
  '^preact/test-utils$': `${preact}/test-utils/dist/testUtils.js`,
};

/** The front ends: React's API on Preact in jsdom, Testing Library, the shared-web source as the app sees it. */
const web = {
  ...common,
  testEnvironment: 'jsdom',
  // localStorage and URLs need an origin; the API client calls `${origin}/api/...`
  testEnvironmentOptions: { url: 'http://localhost/' },
  moduleNameMapper: {
    ...common.moduleNameMapper,
    ...reactOnPreact,
    '^@circo/shared-web$': '<rootDir>/../shared-web/src/index.ts',
    '\\.css$': '<rootDir>/../shared-web/test/style-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/../shared-web/test/setup.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};

export default {
  // jest-circus reads testTimeout from the global config only (a project's own value is ignored):
  // a fresh PGlite app takes seconds to boot
  testTimeout: 60000,
  projects: [
    {
      displayName: 'workspace',
      rootDir: '<rootDir>/tools',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.spec.mjs'],
      transform: {},
    },
    {
      ...common,
      displayName: 'shared-contracts',
      rootDir: '<rootDir>/shared-contracts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
    },
    { ...web, displayName: 'shared-web', rootDir: '<rootDir>/shared-web' },
    { ...web, displayName: 'shell', rootDir: '<rootDir>/shell' },
    { ...web, displayName: 'mf-checkout', rootDir: '<rootDir>/mf-checkout' },
    {
      ...common,
      displayName: 'api',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      testTimeout: 60000,
    },
  ],
};
