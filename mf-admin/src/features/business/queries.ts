// The business screens' data: the sales dashboard and the students. Keys live under
// ['admin'], so every admin write (useAdminWrite) refreshes them too.
import { queryOptions } from '@tanstack/react-query';
import type {
  SalesStats,
  SalesStatsQuery,
  StudentDetail,
  StudentsPage,
} from '@circo/shared-contracts';
import { ApiError, api, getJson, useLanguageStore } from '@circo/shared-web';

export const businessKeys = {
  sales: (q: SalesStatsQuery) => ['admin', 'business', 'sales', q] as const,
  students: (q: string, page: number) => ['admin', 'business', 'students', q, page] as const,
  student: (id: string) => ['admin', 'business', 'student', id] as const,
};

const id = encodeURIComponent;

export const businessQueries = {
  /** GET /admin/stats/sales */
  sales: (q: SalesStatsQuery) =>
    queryOptions({
      queryKey: businessKeys.sales(q),
      queryFn: getJson<SalesStats>('/admin/stats/sales', { ...q }),
    }),
  /** GET /admin/students?q=&page= */
  students: (q: string, page: number) =>
    queryOptions({
      queryKey: businessKeys.students(q, page),
      queryFn: getJson<StudentsPage>('/admin/students', { q: q || undefined, page }),
    }),
  /** GET /admin/students/{id} */
  student: (studentId: string) =>
    queryOptions({
      queryKey: businessKeys.student(studentId),
      queryFn: getJson<StudentDetail>(`/admin/students/${id(studentId)}`),
    }),
};

export const businessPaths = {
  salesCsv: '/admin/stats/sales.csv',
  studentsCsv: '/admin/students.csv',
  access: (studentId: string) => `/admin/students/${id(studentId)}/access`,
  grant: (studentId: string, grantId: string) =>
    `/admin/students/${id(studentId)}/access/${id(grantId)}`,
  refund: (paymentId: string) => `/payments/${id(paymentId)}/refund`,
};

/**
 * Saves a CSV answer as a file: the call needs the admin's bearer token, so it is fetched (not a
 * plain link) and handed to the browser as a download. It is written in the admin's language
 * (column names, separator and decimal mark of that locale's spreadsheets).
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string | number | undefined>,
  fileName: string,
): Promise<void> {
  const lang = useLanguageStore.getState().lang;
  const text = await api<string>(path, { query: { ...query, lang } });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The browser's time zone: the coach's days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * True when the API refused the time zone the dashboard sent (a browser may report a name that
 * PostgreSQL reads differently or does not know): the dashboard then counts the days in UTC.
 */
export function refusesTimeZone(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.body?.errors ?? []).some((e) => e.field === 'tz')
  );
}
