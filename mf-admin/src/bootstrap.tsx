import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { routesOf } from '@circo/shared-contracts';
import { useSessionStore } from '@circo/shared-web';
import '@circo/shared-web/src/ui/theme.css';
import App from './exposes/App';

// Standalone: this remote's routes only, without the shell's header and footer.
void useSessionStore.getState().restore();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <main className="site-main">
        <Routes>
          {routesOf('mf_admin').map((r) => (
            <Route key={r.id} path={r.path} element={<App page={r.id} />} />
          ))}
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
