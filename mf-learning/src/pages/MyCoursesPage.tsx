import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner, learningQueries, toResource } from '@circo/shared-web';
import { MySection } from '../features/my-courses/components/MySection';
import { PracticeSummary } from '../features/practice/components/PracticeLogPanel';
import { AccountSettings } from '../features/my-courses/components/AccountSettings';
import { AnswersNotice } from '../features/practice-feedback/AnswersNotice';
import { MembershipPanel } from '../features/membership/MembershipPanel';
import { useLang, useUserId } from '../features/shared/hooks';
import { useCertificatesByItem } from '../features/my-courses/hooks/useCertificatesByItem';
import { DownloadsList } from '../features/offline/components/DownloadsList';
import { InvoicesPanel } from '../features/invoices/InvoicesPanel';

/** /mis-cursos: four sections for a student; everything visible in the language for an admin. */
export function MyCoursesPage() {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const userId = useUserId();
  const res = toResource(useQuery({ ...learningQueries.myItems(userId, lang), enabled: !!userId }));
  const certificates = useCertificatesByItem(userId);
  // one "now" per answer, so every badge of the page agrees
  const now = useMemo(() => Date.now(), [res.status === 'success' ? res.data : null]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="learn-page" data-testid="my-courses">
      <header className="learn-page__head">
        <h1>{t('pages.myCourses.title')}</h1>
        {res.status === 'success' && (
          <p className="learn-lead">{res.data.admin ? t('my.adminIntro') : t('my.intro')}</p>
        )}
        {res.status === 'success' && <PracticeSummary />}
      </header>
      {res.status === 'success' && !res.data.admin && <AnswersNotice />}
      {res.status === 'success' && !res.data.admin && <MembershipPanel />}
      {res.status === 'loading' && <Spinner />}
      {res.status === 'error' && (
        <Alert tone="error">
          <span>{t('viewer.loadError')}</span>{' '}
          <button type="button" className="btn btn--ghost" onClick={res.retry}>
            {t('viewer.retry')}
          </button>
        </Alert>
      )}
      {res.status === 'success' &&
        (res.data.admin ? (
          <>
            <MySection
              id="admin-formations"
              title={t('my.sections.formations')}
              items={res.data.formations}
              empty={t('my.empty.adminFormations')}
              now={now}
              admin
            />
            <MySection
              id="admin-courses"
              title={t('my.sections.courses')}
              items={res.data.courses}
              empty={t('my.empty.adminCourses')}
              now={now}
              admin
            />
          </>
        ) : res.data.formations.length + res.data.courses.length === 0 ? (
          <div className="panel panel--center" data-testid="my-courses-empty">
            <p>{t('my.empty.nothing')}</p>
            <Link className="btn btn--primary" to="/cursos">
              {t('my.empty.browse')}
            </Link>
          </div>
        ) : (
          (
            [
              ['activeFormations', res.data.formations.filter((i) => !i.expired)],
              ['expiredFormations', res.data.formations.filter((i) => i.expired)],
              ['activeCourses', res.data.courses.filter((i) => !i.expired)],
              ['expiredCourses', res.data.courses.filter((i) => i.expired)],
            ] as const
          ).map(([key, items]) => (
            <MySection
              key={key}
              id={key}
              title={t(`my.sections.${key}`)}
              items={items}
              empty={t(`my.empty.${key}`)}
              now={now}
              admin={false}
              certificates={certificates}
            />
          ))
        ))}
      <DownloadsList
        items={res.status === 'success' ? [...res.data.formations, ...res.data.courses] : null}
      />
      {res.status === 'success' && !res.data.admin && <InvoicesPanel />}
      {res.status === 'success' && !res.data.admin && <AccountSettings />}
    </div>
  );
}
