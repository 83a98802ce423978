import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addTranslations, useSessionStore } from '@circo/shared-web';
import type { UserProfile } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../shared-web/test/fakeApi';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import {
  LOAD_TIMEOUT_MS,
  createRemotesRegistry,
  type FederationRuntime,
  type RemoteApp,
  type RemotesRegistry,
} from './createRemotesRegistry';
import { RemotePage } from './RemotePage';
import { ReleaseDiagnostics } from './ReleaseDiagnostics';

addTranslations('shell', { es, en, fr });

/**
 * A Module Federation runtime the test drives: each `loadRemote` waits until the test answers it
 * (resolve with a module, reject, or never).
 */
class TestRuntime implements FederationRuntime {
  registered: Array<{ name: string; entry: string; force: boolean }> = [];
  loads: Array<{
    id: string;
    resolve: (m: { default: RemoteApp }) => void;
    reject: (e: Error) => void;
  }> = [];
  preloads: string[] = [];
  snapshotListener: ((name: string, snapshot: unknown) => void) | null = null;
  onRemoteSnapshot(listener: (name: string, snapshot: unknown) => void) {
    this.snapshotListener = listener;
  }
  registerRemotes(remotes: Array<{ name: string; entry: string }>, opts?: { force?: boolean }) {
    for (const r of remotes) this.registered.push({ ...r, force: opts?.force ?? false });
  }
  loadRemote<T>(id: string): Promise<T | null> {
    return new Promise<T | null>((resolve, reject) => {
      this.loads.push({ id, resolve: resolve as (m: { default: RemoteApp }) => void, reject });
    });
  }
  preloadRemote(opts: Array<{ nameOrAlias: string }>) {
    this.preloads.push(...opts.map((o) => o.nameOrAlias));
    return Promise.resolve();
  }
}

const CatalogApp: RemoteApp = ({ page }) => <h1>catalogue page {page}</h1>;

let api: FakeApi;
let runtime: TestRuntime;
let registry: RemotesRegistry;
beforeEach(async () => {
  api = installFakeApi();
  api.on('GET', '/remotes.json', {
    body: {
      mf_catalog: '/remotes/mf-catalog/mf-manifest.json',
      mf_checkout: { entry: 'https://cdn.example.com/checkout/mf-manifest.json', version: '1.2.0' },
    },
  });
  runtime = new TestRuntime();
  registry = createRemotesRegistry(runtime);
  await registry.registerRemotesFromFile();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('remotes registry', () => {
  it('registers the remotes of /remotes.json with absolute entries', () => {
    expect(runtime.registered).toEqual([
      {
        name: 'mf_catalog',
        entry: 'http://localhost/remotes/mf-catalog/mf-manifest.json',
        force: false,
      },
      {
        name: 'mf_checkout',
        entry: 'https://cdn.example.com/checkout/mf-manifest.json',
        force: false,
      },
    ]);
  });

  it('loads a remote once for concurrent callers, then serves it from memory', async () => {
    const a = registry.loadRemoteApp('mf_catalog');
    const b = registry.loadRemoteApp('mf_catalog');
    expect(runtime.loads).toHaveLength(1);
    runtime.loads[0].resolve({ default: CatalogApp });
    expect(await a).toBe(CatalogApp);
    expect(await b).toBe(CatalogApp);
    expect(registry.loadedRemoteApp('mf_catalog')).toBe(CatalogApp);
    await registry.loadRemoteApp('mf_catalog');
    expect(runtime.loads).toHaveLength(1);
  });

  it('gives up on a remote that hangs after the timeout', async () => {
    jest.useFakeTimers();
    const load = registry.loadRemoteApp('mf_catalog');
    const outcome = load.then(
      () => 'loaded',
      (e: Error) => e.message,
    );
    jest.advanceTimersByTime(LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(registry.loadedRemoteApp('mf_catalog')).toBeUndefined();
    jest.advanceTimersByTime(1);
    expect(await outcome).toBe(`mf_catalog timed out after ${LOAD_TIMEOUT_MS} ms`);
  });

  it('does not cache a failure: the next load asks the runtime again and can succeed', async () => {
    const first = registry.loadRemoteApp('mf_catalog');
    runtime.loads[0].reject(new Error('manifest 503'));
    await expect(first).rejects.toThrow('manifest 503');

    registry.resetRemote('mf_catalog');
    expect(runtime.registered.at(-1)).toMatchObject({ name: 'mf_catalog', force: true });
    const second = registry.loadRemoteApp('mf_catalog');
    expect(runtime.loads).toHaveLength(2);
    runtime.loads[1].resolve({ default: CatalogApp });
    expect(await second).toBe(CatalogApp);
  });

  it('refuses a remote missing from /remotes.json, and preloads only known, unloaded ones', async () => {
    await expect(registry.loadRemoteApp('mf_admin')).rejects.toThrow('not in /remotes.json');
    registry.preloadRemoteApp('mf_admin');
    registry.preloadRemoteApp('mf_checkout');
    expect(runtime.preloads).toEqual(['mf_checkout']);
  });
});

describe('RemotePage', () => {
  it('shows a spinner, then the remote page', async () => {
    await act(async () => {
      render(<RemotePage remote="mf_catalog" page="courses" registry={registry} />);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    await act(async () => runtime.loads[0].resolve({ default: CatalogApp }));
    expect(await screen.findByRole('heading', { name: 'catalogue page courses' })).toBeVisible();
  });

  it('shows the unavailable panel when the remote hangs, and the retry loads it again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.useFakeTimers();
    await act(async () => {
      render(<RemotePage remote="mf_catalog" page="courses" registry={registry} />);
    });
    await act(async () => {
      jest.advanceTimersByTime(LOAD_TIMEOUT_MS);
    });
    // React renders the failure once the rejection reaches it (a few promise steps later)
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    const panel = await screen.findByTestId('remote-unavailable');
    expect(panel).toHaveTextContent(es.remote.unavailableTitle);

    // the timeout is past: the rest runs in real time (React shows a boundary's content at
    // least 300 ms after its fallback)
    jest.useRealTimers();
    // the retry suspends (a new load): an awaited act lets React wait for it
    const retry = screen.getByRole('button', { name: es.remote.retry });
    await act(async () => fireEvent.click(retry));
    expect(runtime.loads).toHaveLength(2); // the failure was not cached
    await act(async () => runtime.loads[1].resolve({ default: CatalogApp }));
    expect(await screen.findByRole('heading', { name: 'catalogue page courses' })).toBeVisible();
    expect(screen.queryByTestId('remote-unavailable')).not.toBeInTheDocument();
  });

  it('loads a remote that throws while rendering afresh once, then shows the panel', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken: RemoteApp = () => {
      throw new Error('boom');
    };
    await act(async () => {
      render(<RemotePage remote="mf_catalog" page="courses" registry={registry} />);
    });
    await act(async () => runtime.loads[0].resolve({ default: Broken }));
    // a fresh load: the remote is registered again (force) and its App asked for again
    await waitFor(() => expect(runtime.loads).toHaveLength(2));
    expect(runtime.registered.at(-1)).toMatchObject({ name: 'mf_catalog', force: true });
    expect(screen.queryByTestId('remote-unavailable')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeVisible();
    await act(async () => runtime.loads[1].resolve({ default: Broken }));
    expect(await screen.findByTestId('remote-unavailable')).toHaveTextContent(
      es.remote.unavailableText,
    );
    expect(runtime.loads).toHaveLength(2); // once, not a loop
    expect(errors).toHaveBeenCalledWith(
      'remote mf_catalog failed while rendering; loading it again once',
      expect.any(Error),
    );
  });

  it('recovers when the fresh load renders', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // the first load's code is broken (a stale deployment); the fresh load gets the fixed one
    const Stale: RemoteApp = () => {
      throw new Error('stale chunk');
    };
    await act(async () => {
      render(<RemotePage remote="mf_catalog" page="courses" registry={registry} />);
    });
    await act(async () => runtime.loads[0].resolve({ default: Stale }));
    await waitFor(() => expect(runtime.loads).toHaveLength(2));
    await act(async () => runtime.loads[1].resolve({ default: CatalogApp }));
    expect(await screen.findByRole('heading', { name: 'catalogue page courses' })).toBeVisible();
  });
});

describe('remote releases', () => {
  it('knows each remote version from /remotes.json and its manifest, and logs it once', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(registry.releases()).toEqual([
      {
        name: 'mf_catalog',
        entry: 'http://localhost/remotes/mf-catalog/mf-manifest.json',
        declared: null,
        built: null,
        status: 'idle',
      },
      {
        name: 'mf_checkout',
        entry: 'https://cdn.example.com/checkout/mf-manifest.json',
        declared: '1.2.0',
        built: null,
        status: 'idle',
      },
    ]);
    const load = registry.loadRemoteApp('mf_catalog');
    runtime.snapshotListener?.('mf_catalog', { buildVersion: '1.4.0' });
    runtime.loads[0].resolve({ default: CatalogApp });
    await load;
    expect(registry.releases()[0]).toMatchObject({ built: '1.4.0', status: 'loaded' });
    registry.resetRemote('mf_catalog');
    const again = registry.loadRemoteApp('mf_catalog');
    runtime.loads[1].resolve({ default: CatalogApp });
    await again;
    expect(info.mock.calls).toEqual([
      ['remote mf_catalog 1.4.0 loaded from http://localhost/remotes/mf-catalog/mf-manifest.json'],
    ]);
  });

  it('shows the versions to an admin only, in the language of the page', async () => {
    const { rerender } = render(<ReleaseDiagnostics registry={registry} />);
    expect(screen.queryByTestId('release-diagnostics')).not.toBeInTheDocument();

    act(() => useSessionStore.setState({ user: { role: 'admin' } as UserProfile }));
    rerender(<ReleaseDiagnostics registry={registry} />);
    const panel = screen.getByTestId('release-diagnostics');
    expect(panel).toHaveTextContent(es.diagnostics.title);
    expect(panel.querySelector('[data-app="mf_checkout"]')).toHaveTextContent(
      `mf_checkout1.2.0${es.diagnostics.idle}`,
    );
    // a remote this page has not loaded and whose version /remotes.json does not declare: said
    // as such, in the muted look of a note (not "unknown", not an error)
    const catalog = panel.querySelector('[data-app="mf_catalog"]');
    expect(catalog).toHaveTextContent(
      `mf_catalog${es.diagnostics.readWhenLoaded}${es.diagnostics.idle}`,
    );
    expect(es.diagnostics.idle).toBe('No cargada en esta página');
    expect(catalog).toHaveClass('release-diagnostics__row--idle');
    const load = registry.loadRemoteApp('mf_catalog');
    await act(async () => {
      runtime.snapshotListener?.('mf_catalog', { buildVersion: '1.4.0' });
      runtime.loads[0].resolve({ default: CatalogApp });
      await load;
    });
    expect(panel.querySelector('[data-app="mf_catalog"]')).toHaveTextContent(
      `mf_catalog1.4.0${es.diagnostics.loaded}`,
    );
    act(() => useSessionStore.setState({ user: null }));
  });
});
