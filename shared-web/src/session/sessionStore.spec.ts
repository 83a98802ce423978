import type { UserProfile } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../test/fakeApi';
import { selectIsAdmin, useSessionStore } from './sessionStore';

const ana = { _id: 'u1', name: 'Ana', email: 'ana@example.com', role: 'user' } as UserProfile;

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
});

describe('session store', () => {
  it('logs in: keeps the token in localStorage `token` and loads the profile with it', async () => {
    api.on('GET', '/api/auth/perfil', (req) =>
      req.headers.Authorization === 'Bearer t-1'
        ? { body: ana }
        : { status: 401, body: { code: 'auth.unauthorized' } },
    );
    const user = await useSessionStore.getState().login('t-1');
    expect(user).toEqual(ana);
    expect(localStorage.getItem('token')).toBe('t-1');
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: ana });
    expect(selectIsAdmin(useSessionStore.getState())).toBe(false);
  });

  it('drops a token whose profile cannot be loaded (spec 4)', async () => {
    api.on('GET', '/api/auth/perfil', { status: 401, body: { code: 'auth.unauthorized' } });
    expect(await useSessionStore.getState().login('stale')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', token: null });
  });

  it('keeps the stored token when the profile got no answer (the page was left, or offline)', async () => {
    api.on('GET', '/api/auth/perfil', () => {
      throw new TypeError('Failed to fetch');
    });
    localStorage.setItem('token', 't-3');
    useSessionStore.setState({ token: 't-3', status: 'loading' });
    await useSessionStore.getState().restore();
    // this page goes on as a visitor; the next one asks again with the same token
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', token: null });
    expect(localStorage.getItem('token')).toBe('t-3');
  });

  it('keeps the stored token when the profile answer is cut off while it arrives (the page was left)', async () => {
    const fetchBefore = globalThis.fetch;
    // the status and headers came; the body did not (the browser drops it when the page goes)
    globalThis.fetch = (() =>
      Promise.resolve({
        ok: true,
        status: 200,
        statusText: 'OK',
        text: () => Promise.reject(new TypeError('network error')),
      } as unknown as Response)) as typeof fetch;
    try {
      localStorage.setItem('token', 't-4');
      useSessionStore.setState({ token: 't-4', status: 'loading' });
      await useSessionStore.getState().restore();
      expect(localStorage.getItem('token')).toBe('t-4');
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });

  it('restores the stored session and logs out', async () => {
    api.on('GET', '/api/auth/perfil', { body: { ...ana, role: 'admin' } });
    localStorage.setItem('token', 't-2');
    useSessionStore.setState({ token: 't-2' });
    await useSessionStore.getState().restore();
    expect(selectIsAdmin(useSessionStore.getState())).toBe(true);

    useSessionStore.getState().logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', user: null });
  });
});
