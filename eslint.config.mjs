// One lint config. Module boundaries (docs/architecture.md): a remote never imports another
// remote or the shell; shared-web never imports an app; shared-contracts stays framework-free;
// the API never imports front-end code. Inside the API, imports point down the layers and a module
// is entered only through its public surface (apiLayers below).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const APPS = ['shell', 'mf-catalog', 'mf-learning', 'mf-checkout', 'mf-admin'];
export const COMPONENT_MAX_LINES = 150;
/** A file over this many lines holds more than one thing (STYLE.md); data and tests aside. */
export const FILE_MAX_LINES = 400;

/** Forbids imports of the given packages and of their folders by relative path. */
function forbid(names, why, paths = []) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths,
        patterns: names.flatMap((n) => [
          { group: [`@circo/${n}`, `@circo/${n}/*`], message: why },
          { group: [`**/${n}/src/**`, `**/${n}/src`], message: why },
        ]),
      },
    ],
  };
}

/**
 * The API's floors, lowest first: shared-contracts (a package) < database/tables < config <
 * database < common < modules < demo < web, app.* and main. A floor imports only floors below it.
 * A module under modules/<area>/ is entered from outside only through its `index.ts` (services,
 * types, functions) or its Nest module classes (`*.module.ts`); its other files are its own.
 */
function apiLayers() {
  const src = 'api/src';
  const above = {
    'database/tables': [`${src}/**`],
    config: [
      `${src}/database/*.ts`,
      `${src}/common/**`,
      `${src}/modules/**`,
      `${src}/demo/**`,
      `${src}/web/**`,
      `${src}/*.ts`,
    ],
    database: [
      `${src}/common/**`,
      `${src}/modules/**`,
      `${src}/demo/**`,
      `${src}/web/**`,
      `${src}/*.ts`,
    ],
    common: [`${src}/modules/**`, `${src}/demo/**`, `${src}/web/**`, `${src}/*.ts`],
    modules: [`${src}/demo/**`, `${src}/web/**`, `${src}/*.ts`],
    demo: [`${src}/web/**`, `${src}/*.ts`],
  };
  const layerZones = Object.entries(above).map(([floor, from]) => ({
    // the database floor is its own files; its tables folder is the floor below
    target: floor === 'database' ? `${src}/database/*` : `${src}/${floor}/**`,
    from,
    // the tables import only each other; every other floor may use its own files
    except:
      floor === 'database/tables' ? ['**/api/src/database/tables/**'] : [`**/api/src/${floor}/**`],
    message: `api/src/${floor} must not import a higher floor (eslint.config.mjs apiLayers)`,
  }));
  const modules = readdirSync(`${src}/modules`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const moduleZones = modules.map((m) => ({
    target: [`${src}/modules/!(${m})/**`, `${src}/demo/**`, `${src}/web/**`, `${src}/*.ts`],
    from: [`${src}/modules/${m}/**`],
    except: [`**/api/src/modules/${m}/index.ts`, `**/api/src/modules/${m}/**/*.module.ts`],
    message: `use what modules/${m} exports from its index.ts (or its *.module.ts), not its internals`,
  }));
  return {
    files: [`${src}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js'],
          extensionAlias: { '.js': ['.ts', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...layerZones, ...moduleZones] },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      'data/**',
      'e2e/.data/**',
      '.test-results/**',
      'test-results/**',
      'playwright-report/**',
      'api/drizzle/**',
      '*-next/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['**/*.tsx', 'shared-web/src/**/*.ts', '*/src/**/use*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // the API uses decorators with emitted metadata: its injected classes must stay value imports
  {
    files: ['api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  ...APPS.map((app) => ({
    files: [`${app}/src/**`],
    rules: forbid(
      APPS.filter((a) => a !== app),
      `${app} must not import another app: meet through shared-web and the routes (STYLE.md)`,
    ),
  })),
  {
    files: ['shared-web/src/**'],
    rules: forbid(APPS, 'shared-web must not import an app'),
  },
  {
    files: ['shared-contracts/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@circo/*', 'node:*', 'zustand', 'i18next'],
              message: 'shared-contracts is framework-free',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/**'],
    rules: forbid([...APPS, 'shared-web'], 'the API must not import front-end code'),
  },
  // A React component over ~150 lines is usually two things (STYLE.md): split it by what each
  // part decides. Counted without blank lines and comments; tests are not components.
  {
    files: [...APPS, 'shared-web'].map((pkg) => `${pkg}/src/**/*.tsx`),
    ignores: ['**/*.spec.tsx'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: COMPONENT_MAX_LINES, skipBlankLines: true, skipComments: true },
      ],
    },
  },
  // a source file of one thing: split a longer one by what each part does (demo data is data,
  // and a spec file may hold many cases of one thing)
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['**/*.spec.{ts,tsx,mjs}', '**/demo-catalogue.ts'],
    rules: { 'max-lines': ['error', { max: FILE_MAX_LINES }] },
  },
  apiLayers(),
);
