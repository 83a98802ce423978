import { ensureDeps } from './lib.mjs';

ensureDeps();
