// The server bundle of mf-catalog (the first screen): its real `./App`, for the
// shell's server render (shell/src/server.tsx), which puts it inside the page's RemotePage
// boundary, so that /, /cursos and the detail pages arrive as HTML and the browser hydrates them.
// Built by rspack.config.mjs into dist/server/first-screen.cjs, next to the manifest of the same
// release; the API loads it from there (api/src/web/first-screen.ts).
import { FIRST_SCREEN_API } from '@circo/shared-contracts';
import { remoteServerApp } from '@circo/shared-web/src/remoteServerApp.server';
import App from './exposes/App';

export const firstScreenApi = FIRST_SCREEN_API;

export const serverApp = remoteServerApp(App);
