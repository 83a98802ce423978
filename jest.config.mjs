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
      // `import x from './x.json' with { type: 'json' }` keeps its attribute (Node and jest need it)
      experimental: { keepImportAttributes: true },
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

/** The front ends: React in jsdom, Testing Library, the shared-web source as the app sees it. */
const web = {
  ...common,
  testEnvironment: 'jsdom',
  // localStorage and URLs need an origin; the API client calls `${origin}/api/...`
  testEnvironmentOptions: { url: 'http://localhost/' },
  moduleNameMapper: {
    ...common.moduleNameMapper,
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
  // A worker keeps part of every file's modules (a vm context per file in ESM mode): one whose
  // heap is past this after a file is replaced by a fresh one before the next file.
  workerIdleMemoryLimit: '1500MB',
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
    { ...web, displayName: 'mf-catalog', rootDir: '<rootDir>/mf-catalog' },
    { ...web, displayName: 'mf-checkout', rootDir: '<rootDir>/mf-checkout' },
    { ...web, displayName: 'mf-learning', rootDir: '<rootDir>/mf-learning' },
    { ...web, displayName: 'mf-admin', rootDir: '<rootDir>/mf-admin' },
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
