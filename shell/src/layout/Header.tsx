import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { matchRoute, type RemoteName } from '@circo/shared-contracts';
import {
  selectIsAdmin,
  useAppConfig,
  useCartStore,
  useSessionStore,
  useSiteContent,
} from '@circo/shared-web';
import { preloadRemoteApp } from '../federation/remotesRegistry';
import { LanguageSelector } from './LanguageSelector';
import { SearchBox } from './SearchBox';
import { useWaitingWork } from './useWaitingWork';

/** Fetches the code of the remote that owns `to` when the pointer or focus reaches its link. */
function preloadFor(to: string) {
  return () => {
    const owner = matchRoute(to.split(/[?#]/)[0])?.route.owner;
    if (owner && owner !== 'shell') preloadRemoteApp(owner as RemoteName);
  };
}

/** A count beside a menu entry (work waiting): the number seen, its meaning read out. */
function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="nav-badge" data-testid="nav-waiting">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function NavItem({
  to,
  label,
  end,
  children,
}: {
  to: string;
  label: string;
  end?: boolean;
  children?: ReactNode;
}) {
  return (
    <li>
      <NavLink to={to} end={end} onMouseEnter={preloadFor(to)} onFocus={preloadFor(to)}>
        {label}
        {children}
      </NavLink>
    </li>
  );
}

export function Header() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const content = useSiteContent();
  const user = useSessionStore((s) => s.user);
  const isAdmin = useSessionStore(selectIsAdmin);
  const waiting = useWaitingWork(isAdmin);
  const waitingLabel = t('nav.waiting', { count: waiting });
  const logout = useSessionStore((s) => s.logout);
  const cartCount = useCartStore((s) => s.items.length);
  const salesPaused = useAppConfig((s) => s.salesPaused);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cartTarget = salesPaused ? '/mantenimiento' : '/carrito';

  // Escape closes the mobile menu and gives focus back to its button
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className={`site-header${user ? ' site-header--member' : ''}`}>
      <div className="site-header__inner">
        <Link to="/" className="brand" onClick={() => setOpen(false)}>
          <span className="brand__mark" aria-hidden="true">
            ◎
          </span>
          <span className="brand__name">{content?.siteName ?? 'Circo'}</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn--icon nav-toggle"
          aria-expanded={open}
          aria-controls="main-nav"
          onClick={() => setOpen((o) => !o)}
        >
          {t('nav.menu')}
          <Badge count={waiting} label={waitingLabel} />
        </button>
        <nav
          id="main-nav"
          className={`main-nav${open ? ' main-nav--open' : ''}`}
          aria-label={t('nav.mainNav')}
          onClick={() => setOpen(false)}
        >
          <ul>
            <NavItem to="/" end label={t('nav.home')} />
            <NavItem to="/cursos" label={t('nav.courses')} />
            <NavItem to="/formaciones" label={t('nav.formations')} />
            <NavItem to="/nosotros" label={t('nav.about')} />
            {user && <NavItem to="/mis-cursos" label={t('nav.myCourses')} />}
            {isAdmin && (
              <NavItem to="/admin" label={t('nav.admin')}>
                <Badge count={waiting} label={waitingLabel} />
              </NavItem>
            )}
          </ul>
        </nav>
        <div className="site-header__tools">
          <SearchBox collapsible={Boolean(user)} />
          <LanguageSelector />
          <Link
            to={cartTarget}
            className="cart-link"
            data-testid="cart-link"
            aria-label={t('nav.cartCount', { count: cartCount })}
            onMouseEnter={preloadFor(cartTarget)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.94 2H21l-3.6 7.2a2 2 0 0 1-1.8 1.1H8.1l-1 1.7H19v2H5.6a1 1 0 0 1-.86-1.5L6.1 14 3.3 4H1V2h3.3z"
              />
            </svg>
            {cartCount > 0 && <span className="cart-link__count">{cartCount}</span>}
          </Link>
          {user ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                logout();
                void navigate('/');
              }}
            >
              {t('nav.logout')}
            </button>
          ) : (
            <Link to="/login" className="btn btn--ghost">
              {t('nav.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
