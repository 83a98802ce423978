import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from './useMediaQuery';

/** Where a member's search box folds into its button (the header's tightest widths). */
const COMPACT_QUERY = '(min-width: 1024px) and (max-width: 1279px)';

/**
 * Goes to /buscar?q={query}; blank input is ignored (spec section 2). A real GET form to /buscar,
 * so a search sent before the page's code is there works too (the server renders /buscar with its
 * results); once hydrated it changes the page without loading it again. The field is the
 * browser's (uncontrolled): what was typed before hydration stays. On /buscar the field shows
 * the address's term (a direct load, back and forward). With `collapsible` (a member's header,
 * which holds more links) it folds into its button between 1024 and 1279 px: the button opens the
 * field, Escape or leaving it closes it.
 */
export function SearchBox({ collapsible = false }: { collapsible?: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const compact = useMediaQuery(COMPACT_QUERY) && collapsible;

  // the search page's term is the address's: keep the field in step with it when the address
  // changes (back, forward, a link); the address it was rendered for keeps what was typed since
  // (the server's field, typed into before the page was hydrated)
  const shownFor = useRef(`${pathname}${search}`);
  useEffect(() => {
    const at = `${pathname}${search}`;
    if (shownFor.current === at) return;
    shownFor.current = at;
    if (pathname === '/buscar' && inputRef.current)
      inputRef.current.value = new URLSearchParams(search).get('q') ?? '';
  }, [pathname, search]);

  // the browser's address, as it is now, where React's may not have caught up: a page brought
  // back from the back-forward cache keeps what was typed in it before a search sent from it
  // (before hydration, the form loaded the next page); a Back taken before a sent search's page
  // was shown comes back to the address React still shows, so nothing above runs, and the field
  // would keep the sent term
  useEffect(() => {
    const showAddress = () => {
      if (window.location.pathname === '/buscar' && inputRef.current)
        inputRef.current.value = new URLSearchParams(window.location.search).get('q') ?? '';
    };
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) showAddress();
    };
    window.addEventListener('pageshow', onShow);
    window.addEventListener('popstate', showAddress);
    return () => {
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener('popstate', showAddress);
    };
  }, []);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (compact && !open) {
      setOpen(true);
      return;
    }
    const q = (inputRef.current?.value ?? '').trim();
    if (!q) return;
    setOpen(false);
    void navigate(`/buscar?q=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && compact && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  const classes = ['search-box'];
  if (compact) classes.push('search-box--compact');
  if (compact && open) classes.push('search-box--open');

  return (
    <form
      className={classes.join(' ')}
      role="search"
      action="/buscar"
      method="get"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label className="visually-hidden" htmlFor="site-search">
        {t('search.label')}
      </label>
      <input
        ref={inputRef}
        id="site-search"
        type="search"
        name="q"
        // the field shows the address's term: the browser does not put back an older text when
        // the page is opened again from history
        autoComplete="off"
        // the server renders /buscar?q= with the term in the field; the browser keeps it after
        defaultValue={pathname === '/buscar' ? (new URLSearchParams(search).get('q') ?? '') : ''}
        placeholder={t('search.placeholder')}
      />
      <button
        ref={buttonRef}
        type="submit"
        className="btn btn--icon"
        aria-label={compact && !open ? t('search.open') : t('search.submit')}
        aria-expanded={compact ? open : undefined}
        aria-controls={compact ? 'site-search' : undefined}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.38A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
          />
        </svg>
      </button>
    </form>
  );
}
