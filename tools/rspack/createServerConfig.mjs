// The server bundle of an app (the first screen): one CommonJS file, built from the app's own
// components with react-dom/server, that the API loads from the app's dist (`dist/server/`) to send
// a page's first screen as HTML before any JS runs. Kept apart from createAppConfig.mjs (the
// browser build): no Module Federation here. The shell's bundle renders the whole page as one React
// tree with the page's remote inside it, so what must be ONE module for that tree (React, the
// router, react-i18next, TanStack Query: their contexts and hooks) is the shell's: its bundle
// holds them (production builds) and exports them as `shared`, and a remote's bundle requires
// them (SERVER_SHARED), which the API answers with the shell's (api/src/web/first-screen.ts), as
// the browser's shared singletons do. The rest is bundled and belongs to the app's own release.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rspack from '@rspack/core';
import { FirstScreenManifestPlugin } from './firstScreenManifestPlugin.mjs';
import { swcRule } from './swcRule.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

/**
 * react-router's production build for a production bundle (browser or server): the package's
 * exports name only its development build.
 */
export const reactRouterBuild = (dev) =>
  dev
    ? {}
    : {
        'react-router$': join(root, 'node_modules/react-router/dist/production/index.mjs'),
        'react-router/dom$': join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
      };

/** The packages one server render shares between the shell's bundle and the remote's. */
export const SERVER_SHARED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/server',
  'react-router',
  'react-router-dom',
  'react-i18next',
  'i18next',
  '@tanstack/react-query',
];

/**
 * @param {object} o
 * @param {string} o.dirname  the app's folder
 * @param {string} o.entry    the server entry, relative to the app's folder
 * @param {Array<{ test: RegExp, with: string }>} [o.replace]  imports replaced by a server
 *   stand-in: a request matching `test` gets the module at the absolute path `with`
 * @param {string[]} [o.dependencies]  configurations of the same build that run first (the
 *   browser build cleans dist/)
 * @param {boolean} [o.host]  the shell: it holds the shared packages instead of requiring them
 */
export function createServerConfig({
  dirname,
  entry,
  replace = [],
  dependencies = [],
  host = false,
}) {
  const outDir = process.env.MF_OUT_DIR ? resolve(process.env.MF_OUT_DIR) : join(dirname, 'dist');
  const dev = process.env.NODE_ENV === 'development';
  return {
    name: 'server',
    dependencies,
    mode: dev ? 'development' : 'production',
    context: dirname,
    target: 'node20',
    devtool: false,
    entry: { 'first-screen': entry },
    output: {
      path: join(outDir, 'server'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      // one file: a lazy page's import() resolves from the bundle itself, and the streaming
      // render waits for it (onAllReady), so the server sends lazy pages whole
      asyncChunks: false,
      clean: true,
    },
    optimization: { splitChunks: false, minimize: false },
    externals: host
      ? {}
      : Object.fromEntries(SERVER_SHARED.map((name) => [name, `commonjs ${name}`])),
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        '@circo/shared-contracts$': join(root, 'shared-contracts/src/index.ts'),
        ...reactRouterBuild(dev),
      },
    },
    module: {
      rules: [
        swcRule({ development: false, targets: 'node >= 20' }),
        // styles are the browser build's: the server only writes markup
        { test: /\.css$/, loader: join(root, 'tools/rspack/emptyLoader.cjs') },
        {
          test: /\.(png|jpe?g|svg|webp|woff2?)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ __APP_VERSION__: JSON.stringify('server') }),
      ...replace.map((r) => new rspack.NormalModuleReplacementPlugin(r.test, r.with)),
      // a remote's bundle may be fetched from where the remote is released: its manifest lists it
      ...(host ? [] : [new FirstScreenManifestPlugin({ outDir })]),
    ],
    performance: { hints: false },
  };
}
