import { useTranslation } from 'react-i18next';
import type { StudentPayment } from '@circo/shared-contracts';
import { DataTable } from '../../common/components/DataTable';
import { displayTitle } from '../../common/titles';
import { useFormats } from '../../business/hooks/useFormats';

/** A student's payments: what each paid for, at what price and voucher, refunded or not. */
export function StudentPayments({
  payments,
  onRefund,
}: {
  payments: StudentPayment[];
  onRefund: (payment: StudentPayment) => void;
}) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  return (
    <section aria-labelledby="adm-student-payments">
      <h2 id="adm-student-payments">{t('students.payments')}</h2>
      {payments.length === 0 ? (
        <p>{t('students.noPayments')}</p>
      ) : (
        <DataTable
          rows={payments}
          rowKey={(p) => p._id}
          columns={[
            { header: t('students.paidAt'), cell: (p) => f.dateTime(p.paidAt ?? p.createdAt) },
            {
              header: t('business.item'),
              cell: (p) => p.items.map((i) => <div key={i.itemId}>{displayTitle(i.title)}</div>),
            },
            {
              header: t('students.pricePaid'),
              cell: (p) =>
                p.items.map((i) => (
                  <div key={i.itemId}>
                    {f.money(i.price)}
                    {i.price !== i.listPrice && (
                      <span className="adm-muted"> ({f.money(i.listPrice)})</span>
                    )}
                    {i.refundedAt && !p.refundedAt && (
                      <span className="adm-muted">
                        {' '}
                        · {t('students.refunded')} {f.date(i.refundedAt)}
                      </span>
                    )}
                  </div>
                )),
            },
            {
              header: t('business.voucher'),
              cell: (p) =>
                p.items
                  .map((i) => i.voucher)
                  .filter(Boolean)
                  .join(', ') || '—',
            },
            {
              header: t('students.paymentStatus'),
              cell: (p) =>
                p.refundedAt
                  ? `${t('students.refunded')} ${f.date(p.refundedAt)}`
                  : t('students.paid'),
            },
            {
              header: <span className="visually-hidden">{t('students.actions')}</span>,
              cell: (p) =>
                !p.refundedAt && (
                  <button type="button" className="btn btn--ghost" onClick={() => onRefund(p)}>
                    {t('students.refund')}
                  </button>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
