import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Goes to /buscar?q={query}; blank input is ignored (spec section 2). */
export function SearchBox() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    if (!q) return;
    void navigate(`/buscar?q=${encodeURIComponent(q)}`);
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="site-search">
        {t('search.label')}
      </label>
      <input
        id="site-search"
        type="search"
        value={query}
        placeholder={t('search.placeholder')}
        onChange={(e) => setQuery(e.target.value)}
      />
      <button type="submit" className="btn btn--icon" aria-label={t('search.submit')}>
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
