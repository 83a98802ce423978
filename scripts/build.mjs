import { buildAll, ensureDeps } from './lib.mjs';

ensureDeps();
buildAll();
