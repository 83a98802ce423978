import { join } from 'node:path';
import { InjectManifest } from '@serwist/webpack-plugin';
import { createAppConfig } from '../tools/rspack/createAppConfig.mjs';
import { createServerConfig } from '../tools/rspack/createServerConfig.mjs';

const client = {
  ...createAppConfig({ dirname: import.meta.dirname, name: 'shell', port: 4200, host: true }),
  name: 'client',
};
// the service worker (/sw.js, scope /): a production build only, so the dev server's hot reload
// never meets a cached file. It precaches the shell (its start, its chunks, the page it renders in
// the browser when the network is gone); the remotes are cached as they load (src/sw/sw.ts)
if (client.mode === 'production') {
  client.plugins.push(
    new InjectManifest({
      swSrc: join(import.meta.dirname, 'src/sw/sw.ts'),
      swDest: 'sw.js',
      include: [
        /^[\w-]+\.[0-9a-f]{8}\.(js|css)$/,
        /^index\.html$/,
        /^favicon\.svg$/,
        /^manifest\.webmanifest$/,
        /^icons\/icon-192\.png$/,
      ],
      exclude: [/\.map$/, /^server\//, /^mf-(manifest|stats)\.json$/],
    }),
  );
}

export default [
  // the browser build (Module Federation host), then its server bundle (the layout's first screen)
  client,
  createServerConfig({
    dirname: import.meta.dirname,
    entry: './src/server.tsx',
    dependencies: ['client'],
    host: true,
    // no remote loads through Module Federation on the server; the page's remote is passed in
    replace: [
      {
        test: /[\\/]remotesRegistry$/,
        with: join(import.meta.dirname, 'src/federation/remotesRegistry.server.ts'),
      },
    ],
  }),
];
