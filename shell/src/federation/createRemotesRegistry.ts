import { REMOTES, type RemoteName, type RemotesFile } from '@circo/shared-contracts';
import type { ComponentType } from 'react';

/** What every remote exposes as `./App`: one root that renders the page the shell asks for. */
export type RemoteApp = ComponentType<{ page: string }>;

/** The part of the Module Federation runtime the registry uses (the real one, or a test's). */
export interface FederationRuntime {
  registerRemotes(
    remotes: Array<{ name: string; entry: string }>,
    opts?: { force?: boolean },
  ): void;
  loadRemote<T>(id: string): Promise<T | null>;
  preloadRemote(opts: Array<{ nameOrAlias: string; exposes: string[] }>): Promise<void>;
}

/** How long a remote may take before its area shows the unavailable panel. */
export const LOAD_TIMEOUT_MS = 15_000;

export interface RemotesRegistry {
  /** Reads `/remotes.json` (no remote URL is baked into the shell) and registers the remotes. */
  registerRemotesFromFile(url?: string): Promise<void>;
  /** The remote's App once loaded, for a render without a loading flash. */
  loadedRemoteApp(name: RemoteName): RemoteApp | undefined;
  /** Loads a remote's `./App`, once; a failure is not cached so a retry can succeed. */
  loadRemoteApp(name: RemoteName): Promise<RemoteApp>;
  /** Forgets a failed remote so the next load fetches its manifest again. */
  resetRemote(name: RemoteName): void;
  /** Fetches a remote's code ahead of navigation (link hover or focus); failures are ignored. */
  preloadRemoteApp(name: RemoteName): void;
}

function entryOf(value: RemotesFile[string]): string {
  return typeof value === 'string' ? value : value.entry;
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

/**
 * The shell's loader of remotes over a Module Federation runtime: timeout (a hanging remote would
 * otherwise spin forever), one load at a time per remote, and failures that are not cached.
 */
export function createRemotesRegistry(
  runtime: FederationRuntime,
  { timeoutMs = LOAD_TIMEOUT_MS }: { timeoutMs?: number } = {},
): RemotesRegistry {
  const entries = new Map<RemoteName, string>();
  const loaded = new Map<RemoteName, RemoteApp>();
  const loading = new Map<RemoteName, Promise<RemoteApp>>();

  return {
    async registerRemotesFromFile(url = '/remotes.json') {
      const res = await fetch(url, { cache: 'no-cache' });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      const file = (await res.json()) as RemotesFile;
      for (const name of REMOTES) {
        const value = file[name];
        if (value) entries.set(name, new URL(entryOf(value), window.location.href).href);
      }
      runtime.registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
    },

    loadedRemoteApp: (name) => loaded.get(name),

    loadRemoteApp(name) {
      const ready = loaded.get(name);
      if (ready) return Promise.resolve(ready);
      let p = loading.get(name);
      if (!p) {
        if (!entries.has(name))
          return Promise.reject(new Error(`remote ${name} is not in /remotes.json`));
        p = withTimeout(runtime.loadRemote<{ default: RemoteApp }>(`${name}/App`), timeoutMs, name)
          .then((mod) => {
            if (!mod?.default) throw new Error(`remote ${name} exposes no App`);
            loaded.set(name, mod.default);
            return mod.default;
          })
          .finally(() => loading.delete(name));
        loading.set(name, p);
      }
      return p;
    },

    resetRemote(name) {
      loaded.delete(name);
      loading.delete(name);
      const entry = entries.get(name);
      if (entry) runtime.registerRemotes([{ name, entry }], { force: true });
    },

    preloadRemoteApp(name) {
      if (loaded.has(name) || loading.has(name) || !entries.has(name)) return;
      runtime.preloadRemote([{ nameOrAlias: name, exposes: ['./App'] }]).catch(() => undefined);
    },
  };
}
