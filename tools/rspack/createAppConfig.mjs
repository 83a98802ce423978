// One Rspack + Module Federation configuration for the shell and every remote, so that the shared
// singletons (react, router, zustand, i18next, TanStack Query, shared-web) are declared the same way everywhere.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReleaseManifestPlugin } from './releaseManifestPlugin.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const rootPkg = (name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
const sharedWebPkg = JSON.parse(readFileSync(join(root, 'shared-web/package.json'), 'utf8'));

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
    'react-router-dom': singleton('react-router-dom'),
    // react-router comes with react-router-dom, whose range it follows
    'react-router': {
      singleton: true,
      requiredVersion: declared['react-router'] ?? declared['react-router-dom'],
    },
    zustand: singleton('zustand'),
    'zustand/middleware': singleton('zustand'),
    i18next: singleton('i18next'),
    'react-i18next': singleton('react-i18next'),
    // one query cache for every app: the shell's QueryClient is read by the remotes' hooks
    '@tanstack/react-query': singleton('@tanstack/react-query'),
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
        // react-router's package exports only name its development build
        ...(dev
          ? {}
          : {
              'react-router$': join(root, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': join(
                root,
                'node_modules/react-router/dist/production/dom-export.mjs',
              ),
            }),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev } },
            },
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
          },
          type: 'javascript/auto',
        },
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
      }),
      new ReleaseManifestPlugin({
        appVersion,
        host,
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
