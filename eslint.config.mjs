// One lint config. Module boundaries (docs/architecture.md): a remote never imports another
// remote or the shell; shared-web never imports an app; shared-contracts stays framework-free;
// the API never imports front-end code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const APPS = ['shell', 'mf-catalog', 'mf-learning', 'mf-checkout', 'mf-admin'];
export const COMPONENT_MAX_LINES = 150;

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
);
