import { Suspense, useEffect, useState } from 'react';
import { Spinner } from '@circo/shared-web';
import type { RemoteName } from '@circo/shared-contracts';
import { remotesRegistry, type RemoteApp, type RemotesRegistry } from './remotesRegistry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { UnavailablePanel } from './UnavailablePanel';

type State = { status: 'loading' } | { status: 'ready'; App: RemoteApp } | { status: 'failed' };

/**
 * Mounts the page `page` of remote `remote`, with a loading state and an error boundary.
 * `registry` is the shell's one registry (a test passes its own over a runtime it controls).
 */
export function RemotePage({
  remote,
  page,
  registry = remotesRegistry,
}: {
  remote: RemoteName;
  page: string;
  registry?: RemotesRegistry;
}) {
  const { loadRemoteApp, loadedRemoteApp, resetRemote, markFailed } = registry;
  const [attempt, setAttempt] = useState(0);
  // a remote that throws while rendering is loaded afresh once before the panel shows
  const [autoRetried, setAutoRetried] = useState(false);
  const [state, setState] = useState<State>(() => {
    const App = loadedRemoteApp(remote);
    return App ? { status: 'ready', App } : { status: 'loading' };
  });

  useEffect(() => {
    let live = true;
    const App = loadedRemoteApp(remote);
    if (App) {
      setState({ status: 'ready', App });
      return;
    }
    setState({ status: 'loading' });
    loadRemoteApp(remote).then(
      (Loaded) => live && setState({ status: 'ready', App: Loaded }),
      (err: unknown) => {
        console.error(`remote ${remote} could not be loaded`, err);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, attempt, loadRemoteApp, loadedRemoteApp]);

  const retry = () => {
    resetRemote(remote);
    setAttempt((a) => a + 1);
  };

  const retryAfterRenderFailure = () => {
    markFailed(remote);
    setAutoRetried(true);
    retry();
  };

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'failed') return <UnavailablePanel onRetry={retry} />;
  const { App } = state;
  return (
    <RemoteErrorBoundary
      key={`${remote}:${attempt}`}
      remote={remote}
      autoRetry={!autoRetried}
      onRetry={autoRetried ? retry : retryAfterRenderFailure}
    >
      <Suspense fallback={<Spinner />}>
        <App page={page} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
