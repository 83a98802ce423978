import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICE_PATHS, type TaxReportRow } from '@circo/shared-contracts';
import { fetchFile, saveBlob, Spinner, TextField } from '@circo/shared-web';
import { DataTable, type Column } from '../../common/components/DataTable';
import { billingQueries } from '../queries';

/** The current calendar quarter, as the OSS return asks: [first day, last day] (UTC). */
function currentQuarter(now = new Date()): [string, string] {
  const y = now.getUTCFullYear();
  const q = Math.floor(now.getUTCMonth() / 3);
  const from = new Date(Date.UTC(y, q * 3, 1));
  const to = new Date(Date.UTC(y, q * 3 + 3, 0));
  return [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)];
}

const eur = (n: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(n);

/**
 * The accountant's VAT report of a period (the current quarter first): per country and rate,
 * invoices, credit notes, net and VAT in EUR; the same as CSV, and every invoice of the period as
 * CSV or as a ZIP of PDFs.
 */
export function TaxReportPanel() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const [[from, to], setPeriod] = useState(currentQuarter);
  const [draft, setDraft] = useState({ from, to });
  const [failed, setFailed] = useState<string | null>(null);
  const report = useQuery(billingQueries.report(from, to));
  const download = (path: string, query: Record<string, string>, name: string) => {
    setFailed(null);
    fetchFile(path, { from, to, lang, ...query })
      .then((blob) => saveBlob(blob, name))
      .catch((err: Error) => setFailed(err.message));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPeriod([draft.from, draft.to]);
  };
  const yesNo = (v: boolean) => (v ? t('billing.report.yes') : t('billing.report.no'));
  const columns: Column<TaxReportRow>[] = [
    { header: t('billing.report.country'), cell: (r) => r.country },
    { header: t('billing.report.rate'), cell: (r) => `${r.rate} %` },
    { header: t('billing.report.reverseCharge'), cell: (r) => yesNo(r.reverseCharge) },
    { header: t('billing.report.invoices'), cell: (r) => r.invoices },
    { header: t('billing.report.creditNotes'), cell: (r) => r.creditNotes },
    { header: t('billing.report.net'), cell: (r) => eur(r.net, lang) },
    { header: t('billing.report.tax'), cell: (r) => eur(r.tax, lang) },
  ];
  return (
    <section className="adm-section" aria-labelledby="tax-report">
      <h2 id="tax-report">{t('billing.report.title')}</h2>
      <form className="adm-report__period" onSubmit={submit}>
        <TextField
          name="from"
          type="date"
          label={t('billing.report.from')}
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        />
        <TextField
          name="to"
          type="date"
          label={t('billing.report.to')}
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
        <button type="submit" className="btn btn--primary">
          {t('billing.report.show')}
        </button>
      </form>
      {report.isPending && <Spinner />}
      {report.isError && (
        <p role="alert" className="adm-error">
          {t('billing.report.failed', { message: report.error.message })}
        </p>
      )}
      {report.data && (
        <>
          <DataTable
            rows={report.data.rows}
            columns={columns}
            rowKey={(r) => `${r.country}-${r.rate}-${r.reverseCharge}`}
            empty={t('billing.report.empty')}
            rowTestId="tax-row"
          />
          <p data-testid="tax-total">
            {t('billing.report.total')}: {eur(report.data.total.net, lang)} ·{' '}
            {eur(report.data.total.tax, lang)}
          </p>
          {report.data.missingRates.length > 0 && (
            <p role="status" className="adm-error">
              {t('billing.report.missingRates', { months: report.data.missingRates.join(', ') })}
            </p>
          )}
        </>
      )}
      <div className="adm-report__downloads">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() =>
            download(INVOICE_PATHS.taxReport, { format: 'csv' }, `iva-${from}-${to}.csv`)
          }
        >
          {t('billing.report.csv')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => download(INVOICE_PATHS.adminInvoices, {}, `facturas-${from}-${to}.csv`)}
        >
          {t('billing.report.invoicesCsv')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() =>
            download(INVOICE_PATHS.adminInvoices, { format: 'zip' }, `facturas-${from}-${to}.zip`)
          }
        >
          {t('billing.report.invoicesZip')}
        </button>
      </div>
      {failed && (
        <p role="alert" className="adm-error">
          {t('billing.report.failed', { message: failed })}
        </p>
      )}
    </section>
  );
}
