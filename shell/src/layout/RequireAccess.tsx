import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectIsAdmin, useSessionStore } from '@circo/shared-web';

/**
 * Admin routes: a placeholder of the page's size while the session loads, the page for admins, /login for everyone else
 * (spec admin.md section 2). Student routes: /login when not logged in. The remote's code is
 * fetched only once access is granted.
 */
export function RequireAccess({
  access,
  children,
}: {
  access: 'user' | 'admin';
  children: ReactNode;
}) {
  const status = useSessionStore((s) => s.status);
  const isAdmin = useSessionStore(selectIsAdmin);
  const location = useLocation();
  // the page's room, kept while the session is read (the server sends this too: it cannot know it)
  if (status === 'loading') return <div className="page-skeleton" aria-busy="true" />;
  const allowed = status === 'authenticated' && (access === 'user' || isAdmin);
  if (!allowed) {
    // a logged-in user without the role is told why on /login (not shown a bare form)
    const denied = status === 'authenticated';
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: location.pathname + location.search, ...(denied ? { denied: access } : {}) }}
      />
    );
  }
  return <>{children}</>;
}
