import { createAppConfig } from '../tools/rspack/createAppConfig.mjs';

export default createAppConfig({ dirname: import.meta.dirname, name: 'mf_catalog', port: 4201 });
