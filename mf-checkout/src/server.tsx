// The server bundle of mf-checkout (the first screen): its real `./App`, for the shell's
// server render (shell/src/server.tsx), which puts it inside the page's RemotePage boundary, so
// that /carrito and /pago-embed arrive as HTML (a visitor's "log in to buy", the wait for a
// session) and the browser hydrates them. The cart itself is in the browser's storage: the server
// renders an empty one, as the browser's first render does (shared-web's cart store), then the
// browser shows the stored one. Built by rspack.config.mjs into dist/server/first-screen.cjs, next
// to the manifest of the same release; the API loads it from there (api/src/web/first-screen.ts).
import { FIRST_SCREEN_API } from '@circo/shared-contracts';
import { remoteServerApp } from '@circo/shared-web/src/remoteServerApp.server';
import App from './exposes/App';

export const firstScreenApi = FIRST_SCREEN_API;

export const serverApp = remoteServerApp(App);
