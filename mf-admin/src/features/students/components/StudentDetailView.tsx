import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StudentPayment } from '@circo/shared-contracts';
import { Alert, Spinner, toResource, useAdminWrite } from '@circo/shared-web';
import { Dialog } from '../../common/components/Dialog';
import { businessPaths, businessQueries } from '../../business/queries';
import { useFormats } from '../../business/hooks/useFormats';
import { GrantAccessForm, type GrantTarget, type Granted } from './GrantAccessForm';
import { displayTitle } from '../../common/titles';
import { CertificateList } from '../../certificates/components/CertificateList';
import { StudentClips } from '../../practice/components/StudentClips';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';
import { StudentItems } from './StudentItems';
import { StudentPayments } from './StudentPayments';

/** What a whole refund of the payment gives back now: its amount less the items refunded alone. */
function leftOf(p: StudentPayment): number {
  const cents = p.items.reduce(
    (left, i) => (i.refundedAt ? left - Math.round(i.price * 100) : left),
    Math.round(p.amount * 100),
  );
  return cents / 100;
}

type Pending =
  | { kind: 'grant'; target?: GrantTarget }
  | { kind: 'end'; grantId: string; title: string }
  | { kind: 'refund'; payment: StudentPayment };

/** A student's page: items with access and progress, the access history, payments. */
export function StudentDetailView({ studentId }: { studentId: string }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const res = toResource(useQuery(businessQueries.student(studentId)));
  const write = useAdminWrite();
  const [pending, setPending] = useState<Pending | null>(null);
  // the confirmation of the last access given, until the next action
  const [granted, setGranted] = useState<Granted | null>(null);
  const close = () => setPending(null);

  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error') {
    return (
      <Alert tone="error">
        {res.error.status === 404 ? t('students.notFound') : t('errors.loadFailed')}
      </Alert>
    );
  }
  const { student, items, payments } = res.data;

  return (
    <>
      <dl className="adm-view">
        <dt>{t('students.email')}</dt>
        <dd>{student.email}</dd>
        <dt>{t('students.registered')}</dt>
        <dd>{f.date(student.createdAt)}</dd>
        <dt>{t('students.reminders')}</dt>
        <dd>{student.remindersOptOut ? t('students.remindersOff') : t('students.remindersOn')}</dd>
      </dl>

      {granted && (
        <Alert tone="success">
          {t('students.grant.done', {
            title: displayTitle(granted.item.title),
            date: granted.item.expiresAt ? f.date(granted.item.expiresAt) : '—',
          })}
        </Alert>
      )}
      <StudentItems
        items={items}
        onGrant={(target) => {
          setGranted(null);
          setPending({ kind: 'grant', target });
        }}
        onEnd={(grantId, title) => setPending({ kind: 'end', grantId, title })}
      />

      <StudentClips studentId={studentId} />
      <CertificateList
        filter={{ userId: studentId }}
        title={t('certificates.ofStudent')}
        empty={t('certificates.emptyStudent')}
      />
      <StudentPayments
        payments={payments}
        onRefund={(payment) => setPending({ kind: 'refund', payment })}
      />

      {pending?.kind === 'grant' && (
        <Dialog
          title={pending.target ? t('students.grant.extendTitle') : t('students.grant.title')}
          onClose={close}
        >
          <GrantAccessForm
            studentId={studentId}
            target={pending.target}
            onDone={(given) => {
              close();
              if (given) setGranted(given);
            }}
          />
        </Dialog>
      )}
      {pending?.kind === 'end' && (
        <ConfirmDialog
          title={t('students.endTitle')}
          name={pending.title}
          action={t('students.end')}
          failure={() => t('students.actionFailed')}
          onClose={close}
          onConfirm={() =>
            write.mutateAsync({
              method: 'DELETE',
              path: businessPaths.grant(studentId, pending.grantId),
            })
          }
        />
      )}
      {pending?.kind === 'refund' && (
        <ConfirmDialog
          title={t('students.refundTitle')}
          action={t('students.refund')}
          failure={() => t('students.actionFailed')}
          onClose={close}
          onConfirm={() =>
            write.mutateAsync({ method: 'POST', path: businessPaths.refund(pending.payment._id) })
          }
        >
          <p>
            {/* what is left of it: items paid back on their own are not paid twice */}
            {t(
              leftOf(pending.payment) < pending.payment.amount
                ? 'students.refundRestText'
                : 'students.refundText',
              {
                amount: f.money(leftOf(pending.payment)),
                date: f.date(pending.payment.paidAt ?? pending.payment.createdAt),
              },
            )}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
