import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteName, type RemotesFile } from '@circo/shared-contracts';
import type { ComponentType } from 'react';

/** What every remote exposes as `./App`: one root that renders the page the shell asks for. */
export type RemoteApp = ComponentType<{ page: string }>;

/** How long a remote may take before its area shows the unavailable panel. */
const LOAD_TIMEOUT_MS = 15_000;

const entries = new Map<RemoteName, string>();
const loaded = new Map<RemoteName, RemoteApp>();
const loading = new Map<RemoteName, Promise<RemoteApp>>();

function entryOf(value: RemotesFile[string]): string {
  return typeof value === 'string' ? value : value.entry;
}

/** Reads `/remotes.json` (no remote URL is baked into the shell) and registers the remotes. */
export async function registerRemotesFromFile(url = '/remotes.json'): Promise<void> {
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const file = (await res.json()) as RemotesFile;
  for (const name of REMOTES) {
    const value = file[name];
    if (value) entries.set(name, new URL(entryOf(value), window.location.href).href);
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** The remote's App once loaded, for a render without a loading flash. */
export function loadedRemoteApp(name: RemoteName): RemoteApp | undefined {
  return loaded.get(name);
}

/** Loads a remote's `./App`, once; a failure is not cached so a retry can succeed. */
export function loadRemoteApp(name: RemoteName): Promise<RemoteApp> {
  const ready = loaded.get(name);
  if (ready) return Promise.resolve(ready);
  let p = loading.get(name);
  if (!p) {
    if (!entries.has(name))
      return Promise.reject(new Error(`remote ${name} is not in /remotes.json`));
    p = withTimeout(loadRemote<{ default: RemoteApp }>(`${name}/App`), LOAD_TIMEOUT_MS, name)
      .then((mod) => {
        if (!mod?.default) throw new Error(`remote ${name} exposes no App`);
        loaded.set(name, mod.default);
        return mod.default;
      })
      .finally(() => loading.delete(name));
    loading.set(name, p);
  }
  return p;
}

/** Forgets a failed remote so the next load fetches its manifest again. */
export function resetRemote(name: RemoteName): void {
  loaded.delete(name);
  loading.delete(name);
  const entry = entries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

/** Fetches a remote's code ahead of navigation (link hover or focus); failures are ignored. */
export function preloadRemoteApp(name: RemoteName): void {
  if (loaded.has(name) || loading.has(name) || !entries.has(name)) return;
  preloadRemote([{ nameOrAlias: name, exposes: ['./App'] }]).catch(() => undefined);
}
