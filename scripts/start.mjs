// `npm start`: install what is missing, build what changed, serve API + composed app on one port.
import { API_PROCESS_ENV, buildAll, ensureDeps, startChild } from './lib.mjs';

ensureDeps();
buildAll();
const child = startChild(process.execPath, ['api/dist/main.js'], {
  env: { ...API_PROCESS_ENV, ...process.env },
});
child.on('exit', (code) => process.exit(code ?? 0));
