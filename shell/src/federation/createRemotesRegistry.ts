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
  /** Calls `listener` with each remote's manifest (a runtime snapshot) once loaded. */
  onRemoteSnapshot?(listener: (name: string, snapshot: unknown) => void): void;
}

/** What the shell knows about one remote's release, for the diagnostics view and the logs. */
export interface RemoteRelease {
  name: RemoteName;
  entry: string;
  /** The version label of /remotes.json, when the operator gave one. */
  declared: string | null;
  /** The version its manifest declares, once loaded. */
  built: string | null;
  status: 'idle' | 'loaded' | 'failed';
}

/** How long a remote may take before its area shows the unavailable panel. */
export const LOAD_TIMEOUT_MS = 15_000;

export interface RemotesRegistry {
  /** Reads `/remotes.json` (no remote URL is baked into the shell) and registers the remotes. */
  registerRemotesFromFile(url?: string): Promise<void>;
  /** Registers the remotes of a remotes map (the one the server wrote into the page). */
  registerRemotesMap(file: RemotesFile): void;
  /** The remote's App once loaded, for a render without a loading flash. */
  loadedRemoteApp(name: RemoteName): RemoteApp | undefined;
  /** Loads a remote's `./App`, once; a failure is not cached so a retry can succeed. */
  loadRemoteApp(name: RemoteName): Promise<RemoteApp>;
  /** Forgets a failed remote so the next load fetches its manifest again. */
  resetRemote(name: RemoteName): void;
  /** Records that a loaded remote threw while rendering. */
  markFailed(name: RemoteName): void;
  /** Fetches a remote's code ahead of navigation (link hover or focus); failures are ignored. */
  preloadRemoteApp(name: RemoteName): void;
  /** Each registered remote's release (a new array after every change, for useSyncExternalStore). */
  releases(): readonly RemoteRelease[];
  subscribe(listener: () => void): () => void;
}

function entryOf(value: RemotesFile[string]): string {
  return typeof value === 'string' ? value : value.entry;
}

function versionOf(value: RemotesFile[string]): string | null {
  return typeof value === 'string' ? null : (value.version ?? null);
}

/** The build version of a manifest snapshot of the Module Federation runtime. */
function snapshotVersion(snapshot: unknown): string | null {
  const v = (snapshot as { buildVersion?: unknown } | undefined)?.buildVersion;
  return typeof v === 'string' && v !== '' ? v : null;
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
  const info = new Map<RemoteName, RemoteRelease>();
  const logged = new Set<string>();
  const listeners = new Set<() => void>();
  let snapshot: readonly RemoteRelease[] = [];

  const update = (name: RemoteName, change: Partial<RemoteRelease>) => {
    const current = info.get(name);
    if (!current) return;
    info.set(name, { ...current, ...change });
    snapshot = [...info.values()];
    for (const l of listeners) l();
  };

  /** Logs each remote's release once, when it first loads (the version in every bug report). */
  const logRelease = (name: RemoteName) => {
    const r = info.get(name);
    if (!r) return;
    const key = `${name} ${r.built ?? r.declared ?? ''} ${r.entry}`;
    if (logged.has(key)) return;
    logged.add(key);
    console.info(
      `remote ${name} ${r.built ?? r.declared ?? '(no version)'} loaded from ${r.entry}${r.declared && r.built && r.declared !== r.built ? ` (/remotes.json says ${r.declared})` : ''}`,
    );
  };

  let watching = false;
  /** Reads versions from manifests; only once the runtime exists (at the first registration). */
  const watchSnapshots = () => {
    if (watching) return;
    watching = true;
    runtime.onRemoteSnapshot?.((remote, remoteSnapshot) => {
      const built = snapshotVersion(remoteSnapshot);
      const name = remote as RemoteName;
      if (built && info.get(name)?.built !== built) update(name, { built });
    });
  };

  const registerRemotesMap = (file: RemotesFile) => {
    for (const name of REMOTES) {
      const value = file[name];
      if (!value) continue;
      const entry = new URL(entryOf(value), window.location.href).href;
      entries.set(name, entry);
      info.set(name, { name, entry, declared: versionOf(value), built: null, status: 'idle' });
    }
    snapshot = [...info.values()];
    for (const l of listeners) l();
    watchSnapshots();
    runtime.registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
  };

  return {
    async registerRemotesFromFile(url = '/remotes.json') {
      const res = await fetch(url, { cache: 'no-cache' });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      registerRemotesMap((await res.json()) as RemotesFile);
    },

    registerRemotesMap,

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
            update(name, { status: 'loaded' });
            logRelease(name);
            return mod.default;
          })
          .catch((err: unknown) => {
            update(name, { status: 'failed' });
            throw err;
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

    /** A remote that threw while rendering: its code is not usable as loaded. */
    markFailed(name: RemoteName) {
      update(name, { status: 'failed' });
    },

    releases: () => snapshot,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
