import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatUsd, INVOICE_PATHS, type MyInvoice } from '@circo/shared-contracts';
import { Alert, fetchFile, getJson, saveBlob } from '@circo/shared-web';
import { useLang, useUserId } from '../shared/hooks';
import { formatDate } from '../shared/localized';

/** One invoice or credit note: its number, date, amounts and a download of its PDF. */
function InvoiceRow({ invoice }: { invoice: MyInvoice }) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle');
  const download = async () => {
    setState('busy');
    try {
      saveBlob(await fetchFile(INVOICE_PATHS.pdf(invoice._id)), `${invoice.number}.pdf`);
      setState('idle');
    } catch {
      setState('error');
    }
  };
  return (
    <tr data-testid="invoice">
      <th scope="row">
        {invoice.number}
        {invoice.kind === 'credit_note' && (
          <span className="learn-invoices__kind">
            {' '}
            {t('invoices.creditNote', { number: invoice.credits ?? '' })}
          </span>
        )}
      </th>
      <td>{formatDate(invoice.issuedAt, lang)}</td>
      <td className="learn-invoices__amount">
        {formatUsd(invoice.total)} {invoice.currency}
      </td>
      <td className="learn-invoices__amount">
        {invoice.reverseCharge
          ? t('invoices.reverseCharge')
          : t('invoices.tax', { rate: invoice.taxRate, amount: formatUsd(invoice.tax) })}
      </td>
      <td>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void download()}
          disabled={state === 'busy'}
          aria-busy={state === 'busy'}
          aria-label={t('invoices.downloadLabel', { number: invoice.number })}
        >
          {t('invoices.download')}
        </button>
        {state === 'error' && (
          <p role="alert" className="learn-card__error">
            {t('invoices.error')}
          </p>
        )}
      </td>
    </tr>
  );
}

/** My Courses' invoices: every invoice and credit note of the student, newest first. */
export function InvoicesPanel() {
  const { t } = useTranslation('learning');
  const userId = useUserId();
  const invoices = useQuery({
    queryKey: ['learning', userId, 'invoices'] as const,
    queryFn: getJson<MyInvoice[]>(INVOICE_PATHS.mine),
    enabled: !!userId,
  });
  if (invoices.isError) return <Alert tone="error">{t('invoices.loadError')}</Alert>;
  if (!invoices.data || invoices.data.length === 0) return null;
  return (
    <section id="facturas" className="panel learn-invoices" aria-labelledby="invoices-title">
      <h2 id="invoices-title">{t('invoices.title')}</h2>
      <table className="learn-invoices__table">
        <thead>
          <tr>
            <th scope="col">{t('invoices.number')}</th>
            <th scope="col">{t('invoices.date')}</th>
            <th scope="col">{t('invoices.total')}</th>
            <th scope="col">{t('invoices.vat')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('invoices.pdf')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.data.map((i) => (
            <InvoiceRow key={i._id} invoice={i} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
