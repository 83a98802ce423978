import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Spinner, toResource } from '@circo/shared-web';
import { businessPaths, businessQueries, downloadCsv } from '../../business/queries';
import { useFormats } from '../../business/hooks/useFormats';
import { DataTable } from '../../common/components/DataTable';
import { Pager } from '../../common/components/Pager';

/**
 * /admin/alumnos: students by name or e-mail, 20 a page, newest first; the search and the page
 * are in the address (a search form that works before hydration, and a link to share).
 */
export function StudentsList() {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [csvError, setCsvError] = useState(false);
  const res = toResource(
    useQuery({ ...businessQueries.students(q, page), placeholderData: (previous) => previous }),
  );
  const go = (next: { q?: string; page?: number }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) p.set('q', nq);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const csv = async () => {
    setCsvError(false);
    try {
      await downloadCsv(businessPaths.studentsCsv, { q: q || undefined }, 'alumnos.csv');
    } catch {
      setCsvError(true);
    }
  };
  const pages =
    res.status === 'success' ? Math.max(1, Math.ceil(res.data.total / res.data.pageSize)) : 1;
  return (
    <>
      <form
        className="adm-search"
        role="search"
        action="/admin/alumnos"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim(), page: 1 });
        }}
      >
        <label htmlFor="adm-students-q">{t('students.search')}</label>
        <input
          id="adm-students-q"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          maxLength={100}
          placeholder={t('students.searchHint')}
        />
        <button type="submit" className="btn">
          {t('students.searchButton')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void csv()}>
          {t('business.downloadCsv')}
        </button>
      </form>
      {csvError && <Alert tone="error">{t('errors.loadFailed')}</Alert>}
      {res.status === 'loading' && <Spinner />}
      {res.status === 'error' && <Alert tone="error">{t('errors.loadFailed')}</Alert>}
      {res.status === 'success' && (
        <>
          <p className="adm-muted">{t('students.count', { count: res.data.total })}</p>
          {res.data.students.length > 0 && (
            <DataTable
              rows={res.data.students}
              rowKey={(s) => s._id}
              columns={[
                {
                  header: t('students.name'),
                  cell: (s) => (
                    <Link to={`/admin/alumnos/${encodeURIComponent(s._id)}`}>
                      {`${s.name} ${s.surname}`.trim()}
                    </Link>
                  ),
                },
                { header: t('students.email'), cell: (s) => s.email },
                {
                  header: t('students.activeItems'),
                  cell: (s) => (
                    <>
                      {s.activeItems} / {s.items}
                    </>
                  ),
                },
                { header: t('students.spent'), cell: (s) => f.money(s.spent) },
                { header: t('students.lastActivity'), cell: (s) => f.date(s.lastActivity) },
              ]}
            />
          )}
          <Pager
            page={page}
            pages={pages}
            onPage={(p) => go({ page: p })}
            texts={{
              label: t('students.pages'),
              previous: t('students.previous'),
              current: t('students.pageOf', { page, pages }),
              next: t('students.next'),
            }}
          />
        </>
      )}
    </>
  );
}
