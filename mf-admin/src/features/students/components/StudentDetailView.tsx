import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { timeLeftBadge, type StudentItem, type StudentPayment } from '@circo/shared-contracts';
import { Alert, Spinner, toResource, useAdminWrite } from '@circo/shared-web';
import { Dialog } from '../../common/components/Dialog';
import { displayTitle } from '../../common/titles';
import { businessPaths, businessQueries } from '../../business/queries';
import { useFormats } from '../../business/hooks/useFormats';
import { GrantAccessForm, type GrantTarget } from './GrantAccessForm';
import { StudentClips } from '../../practice/components/StudentClips';

/** What a whole refund of the payment gives back now: its amount less the items refunded alone. */
function leftOf(p: StudentPayment): number {
  const cents = p.items.reduce(
    (left, i) => (i.refundedAt ? left - Math.round(i.price * 100) : left),
    Math.round(p.amount * 100),
  );
  return cents / 100;
}

/** Asks before an action that cannot be undone (ending access, refunding a payment). */
function Confirm({
  title,
  children,
  action,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  action: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onConfirm();
      onClose();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <p>{t('confirm.cannotUndo')}</p>
      {failed && <Alert tone="error">{t('students.actionFailed')}</Alert>}
      <div className="adm-actions">
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {action}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose} autoFocus>
          {t('actions.cancel')}
        </button>
      </div>
    </Dialog>
  );
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

  const badge = (item: StudentItem) => {
    if (item.expired || !item.expiresAt) return t('students.status.expired');
    const b = timeLeftBadge(item.expiresAt, Date.now());
    if (!b) return t('students.status.active');
    switch (b.kind) {
      case 'month':
        return t('students.badge.month');
      case 'weeks':
        return t('students.badge.weeks', { count: b.weeks });
      case 'days':
        return t('students.badge.days', { count: b.days });
      case 'lastDay':
        return t('students.badge.lastDay');
    }
  };

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

      <section aria-labelledby="adm-student-items">
        <div className="adm-sales__head">
          <h2 id="adm-student-items">{t('students.items')}</h2>
          <button type="button" className="btn" onClick={() => setPending({ kind: 'grant' })}>
            {t('students.grant.open')}
          </button>
        </div>
        {items.length === 0 && <p>{t('students.noItems')}</p>}
        {items.map((item) => (
          <article key={item.itemId} className="adm-student-item" data-item={item.itemId}>
            <h3>
              {displayTitle(item.title)}{' '}
              <span className="adm-muted">({t(`business.itemType.${item.itemType}`)})</span>
            </h3>
            <dl className="adm-view">
              <dt>{t('students.accessEnd')}</dt>
              <dd>
                {f.date(item.expiresAt)} · <strong>{badge(item)}</strong>
              </dd>
              <dt>{t('students.progress')}</dt>
              <dd>
                {t('students.classesDone', {
                  done: item.progress.done,
                  total: item.progress.total,
                })}
                {item.progress.lastActivity &&
                  ` · ${t('students.lastActivity')}: ${f.date(item.progress.lastActivity)}`}
              </dd>
            </dl>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() =>
                setPending({
                  kind: 'grant',
                  target: { itemType: item.itemType, itemId: item.itemId },
                })
              }
            >
              {t('students.grant.extend')}
            </button>
            <table className="adm-table">
              <caption>{t('students.history')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('students.kind')}</th>
                  <th scope="col">{t('students.from')}</th>
                  <th scope="col">{t('students.until')}</th>
                  <th scope="col">{t('students.grant.reason')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('students.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {item.history.map((g) => (
                  <tr key={g._id}>
                    <td>
                      {t(`students.kinds.${g.kind}`)}
                      {g.ended && ` (${t('students.ended')})`}
                    </td>
                    <td>{f.date(g.startsAt)}</td>
                    <td>
                      {g.kind === 'refund' || g.kind === 'revocation' ? '—' : f.date(g.expiresAt)}
                    </td>
                    <td>
                      {g.reason ? t(`students.reasons.${g.reason}`) : '—'}
                      {g.note && <span className="adm-muted"> · {g.note}</span>}
                    </td>
                    <td>
                      {g.kind === 'admin_grant' &&
                        !g.ended &&
                        Date.parse(g.expiresAt) > Date.now() && (
                          <button
                            type="button"
                            className="btn btn--ghost"
                            onClick={() =>
                              setPending({
                                kind: 'end',
                                grantId: g._id,
                                title: displayTitle(item.title),
                              })
                            }
                          >
                            {t('students.end')}
                          </button>
                        )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </article>
        ))}
      </section>

      <StudentClips studentId={studentId} />
      <section aria-labelledby="adm-student-payments">
        <h2 id="adm-student-payments">{t('students.payments')}</h2>
        {payments.length === 0 ? (
          <p>{t('students.noPayments')}</p>
        ) : (
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{t('students.paidAt')}</th>
                <th scope="col">{t('business.item')}</th>
                <th scope="col">{t('students.pricePaid')}</th>
                <th scope="col">{t('business.voucher')}</th>
                <th scope="col">{t('students.paymentStatus')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('students.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p._id}>
                  <td>{f.dateTime(p.paidAt ?? p.createdAt)}</td>
                  <td>
                    {p.items.map((i) => (
                      <div key={i.itemId}>{displayTitle(i.title)}</div>
                    ))}
                  </td>
                  <td>
                    {p.items.map((i) => (
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
                    ))}
                  </td>
                  <td>
                    {p.items
                      .map((i) => i.voucher)
                      .filter(Boolean)
                      .join(', ') || '—'}
                  </td>
                  <td>
                    {p.refundedAt
                      ? `${t('students.refunded')} ${f.date(p.refundedAt)}`
                      : t('students.paid')}
                  </td>
                  <td>
                    {!p.refundedAt && (
                      <button
                        type="button"
                        className="btn btn--ghost"
                        onClick={() => setPending({ kind: 'refund', payment: p })}
                      >
                        {t('students.refund')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {pending?.kind === 'grant' && (
        <Dialog
          title={pending.target ? t('students.grant.extendTitle') : t('students.grant.title')}
          onClose={close}
        >
          <GrantAccessForm studentId={studentId} target={pending.target} onDone={close} />
        </Dialog>
      )}
      {pending?.kind === 'end' && (
        <Confirm
          title={t('students.endTitle')}
          action={t('students.end')}
          onClose={close}
          onConfirm={() =>
            write.mutateAsync({
              method: 'DELETE',
              path: businessPaths.grant(studentId, pending.grantId),
            })
          }
        >
          <p>
            <strong>{pending.title}</strong>
          </p>
        </Confirm>
      )}
      {pending?.kind === 'refund' && (
        <Confirm
          title={t('students.refundTitle')}
          action={t('students.refund')}
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
        </Confirm>
      )}
    </>
  );
}
