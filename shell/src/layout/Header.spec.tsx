// The header's menu tells the admin how much work waits (students' clips to answer): a number
// beside "Admin" and on the menu button, read out in words; nothing for anyone else.
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  QueryProvider,
  addTranslations,
  createQueryClient,
  useSessionStore,
} from '@circo/shared-web';
import type { UserProfile } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../shared-web/test/fakeApi';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { Header } from './Header';

addTranslations('shell', { es, en, fr });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});
afterEach(() => {
  useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
});

function renderAs(role: 'admin' | 'user') {
  useSessionStore.setState({
    token: `${role}-token`,
    status: 'authenticated',
    user: { _id: role, name: 'Ana', email: `${role}@circo.local`, role } as UserProfile,
  });
  return render(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Header />
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe("the header's count of waiting work", () => {
  it('shows the admin how many clips wait, beside Admin and on the menu button', async () => {
    api.on('GET', '/api/admin/practice/clips/waiting', { body: { clips: 2, total: 2 } });
    renderAs('admin');
    const admin = await screen.findByRole('link', { name: 'Admin 2 prácticas por responder' });
    expect(admin).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'Menú 2 prácticas por responder' })).toBeVisible();
  });

  it('shows nothing when nothing waits', async () => {
    api.on('GET', '/api/admin/practice/clips/waiting', { body: { clips: 0, total: 0 } });
    renderAs('admin');
    await waitFor(() => expect(api.count('/api/admin/practice/clips/waiting')).toBe(1));
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeVisible();
    expect(screen.queryByTestId('nav-waiting')).toBeNull();
  });

  it('never asks for a student', () => {
    renderAs('user');
    expect(screen.queryByRole('link', { name: /^Admin/ })).toBeNull();
    expect(api.count('/api/admin/practice/clips/waiting')).toBe(0);
  });
});
