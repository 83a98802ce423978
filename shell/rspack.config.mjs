import { join } from 'node:path';
import { createAppConfig } from '../tools/rspack/createAppConfig.mjs';
import { createServerConfig } from '../tools/rspack/createServerConfig.mjs';

export default [
  // the browser build (Module Federation host), then its server bundle (the layout's first screen)
  {
    ...createAppConfig({ dirname: import.meta.dirname, name: 'shell', port: 4200, host: true }),
    name: 'client',
  },
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
