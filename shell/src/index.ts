import { loadShare } from '@module-federation/enhanced/runtime';
import { nextTask } from './nextTask';

/**
 * The shared singletons the start needs. Module Federation negotiates each (and fetches its
 * chunk) when the start's code is imported below, and runs their code when the start's runs;
 * asked for here first, one per task, and run as each arrives, they are ready by then: many short
 * tasks instead of two long ones (what Lighthouse's Total Blocking Time counts on a slow phone).
 */
const SHARED_AT_START = [
  'react',
  'react/jsx-runtime',
  'react-dom/client',
  'react-router-dom',
  'i18next',
  'react-i18next',
  '@tanstack/react-query',
  'zustand',
  'zustand/middleware',
  '@circo/shared-web',
];

/**
 * Once the browser has painted the server's first screen (a frame's callback, then a task after
 * its paint), or after 100 ms at most (a page in a background tab paints no frame): the start's
 * requests and code do not compete with that paint.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

async function start(): Promise<void> {
  await afterFirstPaint();
  for (const key of SHARED_AT_START) {
    // the evaluation of this bundle (the runtime's start) is a task of its own too
    await nextTask();
    // its code runs here too, once its chunk is in (a failure is met again, and reported, by the
    // import below)
    void loadShare(key)
      .then((factory) => {
        // a key the shared config does not have (the journeys fail on this console error)
        if (!factory)
          console.error(`${key} is not shared: fix SHARED_AT_START in shell/src/index.ts`);
        else factory();
      })
      .catch(() => undefined);
  }
  await nextTask();
  // The async boundary lets Module Federation negotiate the shared singletons before any of them runs.
  await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}

void start();
