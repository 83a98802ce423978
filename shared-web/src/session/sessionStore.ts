import { create } from 'zustand';
import { bearerSubject, type UserProfile } from '@circo/shared-contracts';
import { ApiError, api } from '../api/client';
import { forgetAccount, recordSignedIn } from '../offline/accountCaches';
import { pageStore } from '../page/pageContext';
import { readToken, writeToken } from './tokenStorage';

type SessionStatus = 'anonymous' | 'loading' | 'authenticated';

interface SessionState {
  token: string | null;
  user: UserProfile | null;
  status: SessionStatus;
  /** Stores the token and loads the profile; a failed profile call drops the token (spec 4). */
  login: (token: string) => Promise<UserProfile | null>;
  /** Loads the profile of the stored token, if any. */
  restore: () => Promise<void>;
  logout: () => void;
  setUser: (user: UserProfile) => void;
}

const initialToken = readToken();

/**
 * The session: one store for the shell and every remote (shared-web is a singleton). The server
 * renders without a session (the token is in this browser only): so does the page's hydration
 * (no user; a page behind a sign-in waits for it), then the session.
 */
export const useSessionStore = pageStore(
  create<SessionState>((set, get) => ({
    token: initialToken,
    user: null,
    status: initialToken ? 'loading' : 'anonymous',
    login: async (token) => {
      writeToken(token);
      set({ token, status: 'loading' });
      await get().restore();
      return get().user;
    },
    restore: async () => {
      const token = get().token;
      if (!token) {
        set({ user: null, status: 'anonymous' });
        return;
      }
      set({ status: 'loading' });
      try {
        const user = await api<UserProfile>('/auth/perfil');
        if (get().token === token) {
          set({ user, status: 'authenticated' });
          // the service worker serves this account's downloads on this device
          recordSignedIn(user._id).catch(() => undefined);
        }
      } catch (err) {
        // a newer login or a logout took over meanwhile: theirs is the stored token
        if (get().token !== token) return;
        // the API refused the profile: the token goes (spec 4). No answer at all (the visitor left
        // the page while it was asked, which cancels the request, or the network is down): this
        // page goes on without the session, and the stored token stays for the next page to ask
        if (!(err instanceof ApiError && err.status === 0)) writeToken(null);
        set({ token: null, user: null, status: 'anonymous' });
      }
    },
    logout: () => {
      // what the account downloaded or queued leaves the device with it
      const userId = get().user?._id ?? bearerSubject(`Bearer ${get().token ?? ''}`);
      if (userId) forgetAccount(userId).catch(() => undefined);
      writeToken(null);
      set({ token: null, user: null, status: 'anonymous' });
    },
    setUser: (user) => set({ user }),
  })),
  // no session's data: "the session is being read" when the browser holds one or the page is
  // behind a sign-in (RequireAccess's placeholder), else a visitor's
  (s, page): SessionState => ({
    ...s,
    token: page ? null : s.token,
    user: null,
    status: page ? page.session : s.token ? 'loading' : 'anonymous',
  }),
);

export const selectIsAdmin = (s: SessionState): boolean => s.user?.role === 'admin';
