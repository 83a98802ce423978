// Renders an admin screen as the shell mounts it: the admin's session, the `admin` translations
// in Spanish (the spec's messages), a fresh query cache and a router at the given address. The
// network is the fake API of shared-web/test; everything of ours runs as it is.
import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  QueryProvider,
  addTranslations,
  createQueryClient,
  useLanguageStore,
  useSessionStore,
} from '@circo/shared-web';
import es from '../src/locales/es.json';
import en from '../src/locales/en.json';
import fr from '../src/locales/fr.json';

addTranslations('admin', { es, en, fr });

// jsdom has <dialog> but not its modal methods: open and close it as a browser does
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

export { es };

/** The address the app is at, for a test that checks where a link or a search took it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

export function renderAdmin(
  ui: ReactNode,
  { at = '/admin', path = at.split('?')[0] }: { at?: string; path?: string } = {},
) {
  useSessionStore.setState({
    token: 'admin-token',
    status: 'authenticated',
    user: { _id: 'admin', name: 'Admin', email: 'admin@circo.local', role: 'admin' } as never,
  });
  act(() => useLanguageStore.getState().setLang('es'));
  return render(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<p>other page</p>} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryProvider>,
  );
}

afterEach(() => {
  useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
});
