import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Spinner, toResource } from '@circo/shared-web';
import { businessPaths, businessQueries, downloadCsv } from '../../business/queries';
import { useFormats } from '../../business/hooks/useFormats';

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
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">{t('students.name')}</th>
                  <th scope="col">{t('students.email')}</th>
                  <th scope="col">{t('students.activeItems')}</th>
                  <th scope="col">{t('students.spent')}</th>
                  <th scope="col">{t('students.lastActivity')}</th>
                </tr>
              </thead>
              <tbody>
                {res.data.students.map((s) => (
                  <tr key={s._id}>
                    <td>
                      <Link to={`/admin/alumnos/${encodeURIComponent(s._id)}`}>
                        {`${s.name} ${s.surname}`.trim()}
                      </Link>
                    </td>
                    <td>{s.email}</td>
                    <td>
                      {s.activeItems} / {s.items}
                    </td>
                    <td>{f.money(s.spent)}</td>
                    <td>{f.date(s.lastActivity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pages > 1 && (
            <nav className="adm-pager" aria-label={t('students.pages')}>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={page <= 1}
                onClick={() => go({ page: page - 1 })}
              >
                {t('students.previous')}
              </button>
              <span>{t('students.pageOf', { page, pages })}</span>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={page >= pages}
                onClick={() => go({ page: page + 1 })}
              >
                {t('students.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
