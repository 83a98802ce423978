import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clipMoment, type Lang, type PracticeClipStatus } from '@circo/shared-contracts';
import { Spinner, useLanguageStore } from '@circo/shared-web';
import { DataTable } from '../../common/components/DataTable';
import { Pager } from '../../common/components/Pager';
import { practiceQueries } from '../queries';

const title = (t: Record<Lang, string>, lang: Lang) => t[lang] || t.es || t.en || t.fr;

/**
 * /admin/practica: the clips waiting for an answer, oldest first (or the answered ones), with
 * student, item and class; each opens the answer view. Links and buttons only: all by keyboard.
 */
export function PracticeQueue() {
  const { t } = useTranslation('admin');
  const lang = useLanguageStore((s) => s.lang);
  const [status, setStatus] = useState<PracticeClipStatus>('pending');
  const [page, setPage] = useState(1);
  const q = useQuery(practiceQueries.queue(status, page));
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.pageSize)) : 1;

  return (
    <div className="adm-practice" data-testid="practice-queue">
      <div className="adm-practice__filter" role="group" aria-label={t('practice.filter')}>
        {(['pending', 'answered'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`btn ${status === s ? 'btn--primary' : 'btn--ghost'}`}
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {t(`practice.status.${s}`)}
          </button>
        ))}
      </div>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <p className="alert alert--error" role="alert">
          {t('practice.errors.load')}
        </p>
      ) : q.data.clips.length === 0 ? (
        <p className="adm-empty">{t(`practice.empty.${status}`)}</p>
      ) : (
        <>
          <p className="adm-muted" role="status">
            {t('practice.count', { count: q.data.total })}
          </p>
          <DataTable
            className="adm-table adm-practice__table"
            caption={t(`practice.status.${status}`)}
            captionClassName="visually-hidden"
            rows={q.data.clips}
            rowKey={(c) => c._id}
            rowTestId="queue-row"
            columns={[
              { header: t('practice.sent'), cell: (c) => date(c.createdAt) },
              {
                header: t('practice.student'),
                cell: (c) => (
                  <>
                    <Link to={`/admin/practica/${encodeURIComponent(c._id)}`}>
                      {`${c.student.name} ${c.student.surname}`.trim() || c.student.email}
                    </Link>
                    <div className="adm-muted">{c.student.email}</div>
                  </>
                ),
              },
              {
                header: t('practice.item'),
                cell: (c) => (
                  <>
                    {title(c.itemTitle, lang) || t('practice.removed')}
                    <div className="adm-muted">
                      {title(c.classTitle, lang) || t('practice.removed')}
                    </div>
                  </>
                ),
              },
              { header: t('practice.length'), cell: (c) => clipMoment(c.video.seconds) },
              { header: t('practice.commentsCol'), cell: (c) => c.comments.length },
            ]}
          />
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            texts={{
              label: t('practice.pages'),
              previous: t('practice.previous'),
              current: t('practice.page', { page, pages }),
              next: t('practice.next'),
            }}
          />
        </>
      )}
    </div>
  );
}
