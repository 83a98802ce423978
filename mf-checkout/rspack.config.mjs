import { createAppConfig } from '../tools/rspack/createAppConfig.mjs';
import { createServerConfig } from '../tools/rspack/createServerConfig.mjs';

export default [
  // the browser build (Module Federation remote), then its server bundle (the first screen)
  {
    ...createAppConfig({ dirname: import.meta.dirname, name: 'mf_checkout', port: 4203 }),
    name: 'client',
  },
  createServerConfig({
    dirname: import.meta.dirname,
    entry: './src/server.tsx',
    dependencies: ['client'],
  }),
];
