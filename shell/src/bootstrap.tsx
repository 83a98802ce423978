import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import type { PublicConfig } from '@circo/shared-contracts';
import {
  QueryProvider,
  addTranslations,
  api,
  useAppConfig,
  useSessionStore,
} from '@circo/shared-web';
import '@circo/shared-web/src/ui/theme.css';
import es from './locales/es.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { registerRemotesFromFile } from './federation/remotesRegistry';
import { createRouter } from './router';

addTranslations('shell', { es, en, fr });

async function start(): Promise<void> {
  // runtime composition: nothing about the remotes is baked into this build
  const remotes = registerRemotesFromFile().catch((err: unknown) => {
    console.error('/remotes.json could not be read; remote areas will show as unavailable', err);
  });
  const config = api<PublicConfig>('/config')
    .then((c) => useAppConfig.setState(c))
    .catch((err: unknown) => console.error('public config could not be loaded', err));
  void useSessionStore.getState().restore();
  await Promise.all([remotes, config]);

  const router = createRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* the one QueryClient: remotes rendered inside read it through the shared singleton */}
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </StrictMode>,
  );
}

void start();
