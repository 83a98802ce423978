import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { routesOf, type RemoteName } from '@circo/shared-contracts';
import { QueryProvider } from '../api/QueryProvider';
import { useSessionStore } from '../session/sessionStore';

/**
 * A remote on its own dev server: its routes only, without the shell's header and footer, so a
 * team can build and try its pages alone. It gets the shared QueryClient here, as it would from
 * the shell.
 */
export function mountStandalone(remote: RemoteName, App: ComponentType<{ page: string }>): void {
  void useSessionStore.getState().restore();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryProvider>
        <BrowserRouter>
          <main className="site-main">
            <Routes>
              {routesOf(remote).map((r) => (
                <Route key={r.id} path={r.path} element={<App page={r.id} />} />
              ))}
            </Routes>
          </main>
        </BrowserRouter>
      </QueryProvider>
    </StrictMode>,
  );
}
