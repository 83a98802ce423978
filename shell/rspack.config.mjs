import { createAppConfig } from '../tools/rspack/createAppConfig.mjs';

export default createAppConfig({
  dirname: import.meta.dirname,
  name: 'shell',
  port: 4200,
  host: true,
});
