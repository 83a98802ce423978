import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectIsAdmin, useSessionStore } from '@circo/shared-web';

/**
 * Admin routes: nothing while the session loads, the page for admins, /login for everyone else
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
  if (status === 'loading') return null;
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
