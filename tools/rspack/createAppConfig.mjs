// One Rspack + Module Federation configuration for the shell and every remote, so that the shared
// singletons (react, router, zustand, i18next, TanStack Query, shared-web) are declared the same way everywhere.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const rootPkg = (name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
const sharedWebPkg = JSON.parse(readFileSync(join(root, 'shared-web/package.json'), 'utf8'));

/** Singletons shared by host and remotes, each with the version it requires. */
function sharedModules() {
  const singleton = (name, version) => ({ singleton: true, requiredVersion: `^${version}` });
  const react = rootPkg('react').version;
  const reactDom = rootPkg('react-dom').version;
  return {
    react: singleton('react', react),
    'react/': singleton('react', react),
    'react-dom': singleton('react-dom', reactDom),
    // the trailing slash catches react-dom/client
    'react-dom/': singleton('react-dom', reactDom),
    'react-router-dom': singleton('react-router-dom', rootPkg('react-router-dom').version),
    'react-router': singleton('react-router', rootPkg('react-router').version),
    zustand: singleton('zustand', rootPkg('zustand').version),
    'zustand/middleware': singleton('zustand', rootPkg('zustand').version),
    i18next: singleton('i18next', rootPkg('i18next').version),
    'react-i18next': singleton('react-i18next', rootPkg('react-i18next').version),
    // one query cache for every app: the shell's QueryClient is read by the remotes' hooks
    '@tanstack/react-query': singleton(
      '@tanstack/react-query',
      rootPkg('@tanstack/react-query').version,
    ),
    '@circo/shared-web': {
      singleton: true,
      requiredVersion: `^${sharedWebPkg.version}`,
      version: sharedWebPkg.version,
    },
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
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
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
        __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? pkg.version),
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
