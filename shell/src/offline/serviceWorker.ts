// The page's side of the service worker (/sw.js, src/sw/): registered once the page has loaded
// and the browser is idle, so a first visit's load never waits for it; a newer worker waits for
// the student's "update" (or the next full load) before it takes over.

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;

const notify = () => listeners.forEach((l) => l());

/** A newer version waits (useSyncExternalStore). */
export const updateWaiting = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => waiting !== null,
  // the server's page has no worker to know about
  getServer: (): boolean => false,
};

function watch(registration: ServiceWorkerRegistration): void {
  // a worker that installs while another controls the page is an update; the first one is not
  const track = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) {
        waiting = worker;
        notify();
      }
    };
    check();
    worker.addEventListener('statechange', check);
  };
  track(registration.waiting);
  registration.addEventListener('updatefound', () => track(registration.installing));
}

/** Lets the waiting version take over, and loads the page again under it. */
export function applyUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

const afterLoad = () =>
  new Promise<void>((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: 5000 })
        : setTimeout(resolve, 1000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });

/** Registers /sw.js after the page's load (a no-op where service workers are not offered). */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await afterLoad();
  try {
    // (a browser told not to run workers answers no registration at all)
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    if (registration) watch(registration);
  } catch (err) {
    // the site works without it, only not offline: no problem of the page's
    console.info('service worker not registered', err);
  }
}
