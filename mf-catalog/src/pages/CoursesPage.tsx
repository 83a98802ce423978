import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Spinner, catalogQueries, toResource } from '@circo/shared-web';
import { ItemGrid } from '../features/catalog/components/ItemCard';
import { LoadError } from '../features/catalog/components/LoadError';
import { useCatalogMeta } from '../features/catalog/hooks/useCatalogMeta';
import { useLang } from '../features/catalog/hooks/useLang';

/** /cursos: the courses visible in the chosen language. */
export function CoursesPage() {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const courses = toResource(useQuery(catalogQueries.courses(lang)));
  useCatalogMeta(t('pages.courses.title'), t('courses.intro'));

  return (
    <div className="cat-page">
      <header className="cat-page__head">
        <h1>{t('pages.courses.title')}</h1>
        <p className="cat-lead">{t('courses.intro')}</p>
      </header>
      {courses.status === 'loading' && <Spinner />}
      {courses.status === 'error' && <LoadError onRetry={courses.retry} />}
      {courses.status === 'success' &&
        (courses.data.length === 0 ? (
          <div className="panel panel--center cat-empty" data-testid="courses-empty">
            <h2>{t('courses.empty.title')}</h2>
            <p>{t('courses.empty.text')}</p>
          </div>
        ) : (
          <ItemGrid items={courses.data} kind="course" label={t('pages.courses.title')} />
        ))}
    </div>
  );
}
