import { Suspense, use, useContext, useMemo, useState } from 'react';
import { Spinner } from '@circo/shared-web';
import type { RemoteName } from '@circo/shared-contracts';
import type { RemoteApp, RemotesRegistry } from './remotesRegistry';
import { RemotesRegistryContext } from './registryContext';
import { LiveMark } from './LiveMark';
import { RemoteErrorBoundary, RemoteLoadError } from './RemoteErrorBoundary';

/**
 * Mounts the page `page` of remote `remote`, with a loading state and an error boundary.
 * `registry` is the render's (RemotesRegistryContext: the shell's one registry, or the one a server
 * render serves the page's remote from); a test passes its own over a runtime it controls.
 *
 * The remote's page is inside a Suspense boundary that the server renders too (shell/src/server.tsx,
 * with the remote's own server bundle): when the browser hydrates the server's HTML before the
 * remote's code is there, React keeps the server's elements of that boundary on view and
 * hydrates them once the code arrives. A remote that cannot be loaded shows the "section
 * unavailable" panel with a retry; one that throws while rendering is loaded afresh once first.
 */
export function RemotePage({
  remote,
  page,
  registry: given,
}: {
  remote: RemoteName;
  page: string;
  registry?: RemotesRegistry;
}) {
  const fromContext = useContext(RemotesRegistryContext);
  const registry = given ?? fromContext;
  const [attempt, setAttempt] = useState(0);
  const [autoRetried, setAutoRetried] = useState(false);
  // one load per attempt: the boundary's retries of a suspended render wait for this same one
  const load = useMemo(
    () => (registry.loadedRemoteApp(remote) ? null : loadOf(registry, remote)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new attempt is a new load
    [registry, remote, attempt],
  );

  const retry = () => {
    registry.resetRemote(remote);
    setAttempt((a) => a + 1);
  };

  const retryAfterFailure = () => {
    registry.markFailed(remote);
    setAutoRetried(true);
    retry();
  };

  return (
    <RemoteErrorBoundary
      key={`${remote}:${attempt}`}
      remote={remote}
      autoRetry={!autoRetried}
      onRetry={autoRetried ? retry : retryAfterFailure}
    >
      <Suspense fallback={<Spinner />}>
        <RemoteApp remote={remote} page={page} registry={registry} load={load} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** The registry's load of a remote, whose failure says it is one. */
const loadOf = (registry: RemotesRegistry, remote: RemoteName): Promise<RemoteApp> =>
  registry.loadRemoteApp(remote).catch((err: unknown) => {
    throw new RemoteLoadError(remote, err);
  });

/** The remote's `./App`: at once when its code is loaded, else once it is (it suspends). */
function RemoteApp({
  remote,
  page,
  registry,
  load,
}: {
  remote: RemoteName;
  page: string;
  registry: RemotesRegistry;
  load: Promise<RemoteApp> | null;
}) {
  const App = registry.loadedRemoteApp(remote) ?? use(load ?? loadOf(registry, remote));
  return (
    <>
      <App page={page} />
      <LiveMark />
    </>
  );
}
