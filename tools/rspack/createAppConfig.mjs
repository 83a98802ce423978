// One Rspack + Module Federation configuration for the shell and every remote, so that the shared
// singletons (react, router, zustand, i18next, TanStack Query, shared-web) are declared the same way everywhere.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { exportedNames, importsOf, ReleaseManifestPlugin } from './releaseManifestPlugin.mjs';
import { reactRouterBuild } from './createServerConfig.mjs';
import { swcRule } from './swcRule.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const rootPkg = (name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
const sharedWebPkg = JSON.parse(readFileSync(join(root, 'shared-web/package.json'), 'utf8'));
const federationVersion = rootPkg('@module-federation/enhanced').version;

/**
 * How an app gets the Module Federation runtime (~34 KiB gzip): the shell bundles it and provides
 * it to the page (`experiments.provideExternalRuntime`); a production remote uses that one
 * ('external', `experiments.externalRuntime`: its remoteEntry.js shrinks from ~35 to ~17 KiB gzip) and
 * therefore no longer runs under a shell that does not provide it (`npm run release:check` refuses
 * that pair: shared-contracts/src/domain/release-compat.ts), nor on its own standalone page; a
 * development remote bundles its own ('bundled'), so its standalone dev server still works.
 */
const remoteRuntime = (dev) => (dev ? 'bundled' : 'external');

/**
 * Third-party singletons every app shares only in part (tools/rspack/shared-subsets/README.md):
 * share key -> the file that re-exports the part the apps use, and the package whose version it is.
 */
const subsetsDir = join(root, 'tools/rspack/shared-subsets');
const SUBSETS = {
  'react-router-dom': { file: 'react-router-dom.mjs', pkg: 'react-router-dom' },
  // the same names under the key older builds list (it follows react-router-dom's range)
  'react-router': { file: 'react-router.mjs', pkg: 'react-router', names: 'react-router-dom' },
  'react-i18next': { file: 'react-i18next.mjs', pkg: 'react-i18next' },
  'zustand/middleware': { file: 'zustand-middleware.mjs', pkg: 'zustand' },
  '@tanstack/react-query': { file: 'react-query.mjs', pkg: '@tanstack/react-query' },
};
/** Share key -> the names its subset exports (what the shell provides; see the manifest plugin). */
export const subsetExports = Object.fromEntries(
  Object.entries(SUBSETS)
    .filter(([, s]) => !s.names)
    .map(([key, s]) => [key, exportedNames(readFileSync(join(subsetsDir, s.file), 'utf8'))]),
);
/** The package an import names -> the subset whose names it must use. */
const subsetOf = (request) => SUBSETS[request]?.names ?? (SUBSETS[request] ? request : null);

/**
 * Fails the build of an app (or of shared-web, built into each) that imports a name the shared
 * subset of a package lacks: it would be undefined at run time.
 */
function checkSubsetImports(app, srcDirs) {
  const problems = [];
  for (const request of Object.keys(SUBSETS)) {
    const key = subsetOf(request);
    const missing = [...new Set(srcDirs.flatMap((dir) => importsOf(dir, [request])))].filter(
      (n) => !subsetExports[key].includes(n),
    );
    if (missing.length > 0) {
      problems.push(
        `${app} imports ${missing.join(', ')} from ${request}, which the shared part of it does not export: add ${missing.length > 1 ? 'them' : 'it'} to tools/rspack/shared-subsets/${SUBSETS[key].file} (a shell with ${missing.length > 1 ? 'them' : 'it'} must be released before remotes that use ${missing.length > 1 ? 'them' : 'it'})`,
      );
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** The names an app imports from each subset's package, for its manifest (`release.uses`). */
export function subsetImports(srcDir) {
  const uses = {};
  for (const request of Object.keys(SUBSETS)) {
    const key = subsetOf(request);
    uses[key] = [...new Set([...(uses[key] ?? []), ...importsOf(srcDir, [request])])].sort();
  }
  return uses;
}

/** A subset shared as `key`: only its names, in the version of the package it re-exports. */
const subsetShared = (key, requiredVersion) => ({
  singleton: true,
  requiredVersion,
  // relative to the app's folder (each is one level below the root), so bundles name no checkout
  import: `../tools/rspack/shared-subsets/${SUBSETS[key].file}`,
  version: rootPkg(SUBSETS[key].pkg).version,
});

/**
 * Singletons shared by host and remotes. Each requires the range the app's OWN package.json
 * declares (dependencies, else peerDependencies), so a remote released on its own says what it
 * runs with; the shell's copies win at run time, and `npm run release:check` refuses a remote
 * whose ranges the deployed shell does not meet.
 */
function sharedModules(pkg) {
  const declared = { ...pkg.peerDependencies, ...pkg.dependencies };
  const singleton = (name) => {
    const range = declared[name];
    if (!range) {
      throw new Error(
        `${pkg.name} shares ${name} but its package.json does not declare it: add "${name}": "^${rootPkg(name).version}" to its dependencies`,
      );
    }
    return { singleton: true, requiredVersion: range };
  };
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    // the trailing slash catches react-dom/client
    'react-dom/': singleton('react-dom'),
    // the subsets: only the part of each that the apps use (tools/rspack/shared-subsets)
    'react-router-dom': subsetShared(
      'react-router-dom',
      singleton('react-router-dom').requiredVersion,
    ),
    'react-router': subsetShared(
      'react-router',
      declared['react-router'] ?? declared['react-router-dom'],
    ),
    zustand: singleton('zustand'),
    'zustand/middleware': subsetShared('zustand/middleware', singleton('zustand').requiredVersion),
    i18next: singleton('i18next'),
    'react-i18next': subsetShared('react-i18next', singleton('react-i18next').requiredVersion),
    // one query cache for every app: the shell's QueryClient is read by the remotes' hooks
    '@tanstack/react-query': subsetShared(
      '@tanstack/react-query',
      singleton('@tanstack/react-query').requiredVersion,
    ),
    // built from source here, so its version is the workspace's (semver: see tools/release)
    '@circo/shared-web': { ...singleton('@circo/shared-web'), version: sharedWebPkg.version },
  };
}

/**
 * @param {object} o
 * @param {string} o.dirname  the app's folder
 * @param {string} o.name     Module Federation container name (snake_case)
 * @param {number} o.port     standalone dev server port
 * @param {boolean} [o.host]  the shell
 */
export function createAppConfig({ dirname, name, port, host = false }) {
  const pkg = JSON.parse(readFileSync(join(dirname, 'package.json'), 'utf8'));
  const dev = process.env.NODE_ENV === 'development';
  // the release version: what the manifest, /remotes.json checks and the diagnostics show
  const appVersion = process.env.APP_VERSION || pkg.version;
  const outDir = process.env.MF_OUT_DIR ? resolve(process.env.MF_OUT_DIR) : join(dirname, 'dist');
  const runtimeMode = host ? 'provides' : remoteRuntime(dev);
  checkSubsetImports(pkg.name, [join(dirname, 'src'), join(root, 'shared-web/src')]);
  return {
    mode: dev ? 'development' : 'production',
    context: dirname,
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: outDir,
      // remotes load their chunks relative to their manifest, wherever they are deployed
      publicPath: host ? '/' : 'auto',
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        '@circo/shared-contracts$': join(root, 'shared-contracts/src/index.ts'),
        // the packages' own builds, which tools/rspack/shared-subsets re-export in part (these
        // names are no shared requests)
        'circo-original/react-router$': join(
          root,
          `node_modules/react-router/dist/${dev ? 'development' : 'production'}/index.mjs`,
        ),
        'circo-original/react-router/dom$': join(
          root,
          `node_modules/react-router/dist/${dev ? 'development' : 'production'}/dom-export.mjs`,
        ),
        'circo-original/react-i18next$': join(root, 'node_modules/react-i18next/dist/es/index.js'),
        'circo-original/zustand/middleware$': join(root, 'node_modules/zustand/esm/middleware.mjs'),
        'circo-original/@tanstack/react-query$': join(
          root,
          'node_modules/@tanstack/react-query/build/modern/index.js',
        ),
        ...reactRouterBuild(dev),
      },
    },
    module: {
      rules: [
        swcRule({ development: dev, targets: 'chrome >= 100, firefox >= 100, safari >= 15' }),
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(host
          ? {}
          : { filename: 'remoteEntry.js', exposes: { './App': './src/exposes/App.tsx' } }),
        shared: sharedModules(pkg),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        experiments: {
          ...(runtimeMode === 'provides'
            ? { provideExternalRuntime: true }
            : runtimeMode === 'external'
              ? { externalRuntime: true }
              : {}),
          // the browser only: the runtime's code for Node (loading remotes in a server) goes
          optimization: { target: 'web' },
        },
      }),
      new ReleaseManifestPlugin({
        appVersion,
        host,
        runtime: { mode: runtimeMode, version: federationVersion },
        subsetExports,
        subsetImports,
        srcDir: join(dirname, 'src'),
        publicApiFile: join(root, 'shared-web/public-api.json'),
      }),
      new rspack.HtmlRspackPlugin({
        // a remote's page is only for its standalone mode: one template serves them all
        template: host ? join(dirname, 'index.html') : join(root, 'tools/rspack/remote.html'),
        filename: 'index.html',
      }),
      ...(host
        ? [new rspack.CopyRspackPlugin({ patterns: [{ from: join(dirname, 'public') }] })]
        : []),
      new rspack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(appVersion),
      }),
      // V8's explicit compile hint (Chrome 136+): the functions of the code every start runs (the
      // shell's runtime and start, a remote's entry) are compiled while the file streams in, on
      // a background thread, instead of on the main thread when first called
      new rspack.BannerPlugin({
        banner: '//# allFunctionsCalledOnLoad',
        raw: true,
        // after the minifier, which would drop the comment, and before the source maps and the
        // content hashes, which then cover it
        stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        test: host ? /^(main|bootstrap)\.[0-9a-f]+\.js$/ : /^remoteEntry\.js$/,
      }),
    ],
    performance: { hints: false },
    devServer: {
      port,
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: ['/api', '/remotes.json', '/media'],
          target: process.env.API_URL ?? 'http://localhost:3000',
        },
      ],
    },
  };
}
