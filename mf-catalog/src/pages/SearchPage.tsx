import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_LIMIT } from '@circo/shared-contracts';
import { Spinner, catalogQueries, toResource } from '@circo/shared-web';
import { ItemCard } from '../features/catalog/components/ItemCard';
import { LoadError } from '../features/catalog/components/LoadError';
import { useCatalogMeta } from '../features/catalog/hooks/useCatalogMeta';
import { useLang } from '../features/catalog/hooks/useLang';

/**
 * /buscar?q=: formations first, then courses. A blank query asks for one without calling the API;
 * any other, one letter too, is searched.
 */
export function SearchPage() {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  // the API takes at most queryMax characters; a longer paste still searches its beginning
  const results = toResource(
    useQuery({
      ...catalogQueries.search(q.slice(0, SEARCH_LIMIT.queryMax), lang),
      enabled: q !== '',
    }),
  );
  const title = q ? t('search.title', { q }) : t('pages.search.title');
  useCatalogMeta(title, t('search.meta'));

  const formations = results.status === 'success' ? (results.data.formations ?? []) : [];
  const courses = results.status === 'success' ? (results.data.courses ?? []) : [];
  const count = formations.length + courses.length;

  return (
    <div className="cat-page">
      <header className="cat-page__head">
        <h1>{title}</h1>
      </header>
      {!q ? (
        <p className="cat-empty-line" data-testid="search-prompt">
          {t('search.prompt')}
        </p>
      ) : results.status === 'loading' ? (
        <Spinner label={t('search.loading')} />
      ) : results.status === 'error' ? (
        <LoadError onRetry={results.retry} />
      ) : count === 0 ? (
        <div className="panel panel--center cat-empty" data-testid="search-empty">
          <h2>{t('search.empty.title')}</h2>
          <p>{t('search.empty.text', { q })}</p>
        </div>
      ) : (
        <>
          <p className="cat-lead" role="status">
            {t('search.count', { count })}
          </p>
          <ul className="cat-grid" data-testid="search-results">
            {formations.map((f) => (
              <ItemCard key={`f-${f._id}`} item={f} kind="formation" showKind />
            ))}
            {courses.map((c) => (
              <ItemCard key={`c-${c._id}`} item={c} kind="course" showKind />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
