import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEMBERSHIP_ERRORS,
  type AdminPlan,
  type MoveSubscribersResponse,
} from '@circo/shared-contracts';
import { Alert, adminPaths, useAdminWrite } from '@circo/shared-web';
import { useFormats } from '../../business/hooks/useFormats';
import { ConfirmDialog } from '../../common/components/ConfirmDialog';

/**
 * A plan whose price changed: how many subscribers still renew at an older price, and moving
 * them to the current one, asked first (each gets an e-mail; the price applies from their first
 * renewal after the notice, and they can cancel before it).
 */
export function MoveSubscribers({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const write = useAdminWrite<MoveSubscribersResponse>();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<MoveSubscribersResponse | null>(null);
  const failure = (err: unknown) =>
    t(
      (err as { code?: string }).code === MEMBERSHIP_ERRORS.nothingToMove
        ? 'plans.move.nothing'
        : 'plans.move.failed',
    );
  return (
    <div className="adm-move" data-testid="plan-move">
      {plan.olderPrice > 0 && (
        <>
          <p>{t('plans.move.older', { count: plan.olderPrice })}</p>
          <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>
            {t('plans.move.action', { price: f.money(plan.price) })}
          </button>
        </>
      )}
      {done && (
        <Alert tone="success">
          {t('plans.move.done', { count: done.moved, days: done.noticeDays })}
        </Alert>
      )}
      {asking && (
        <ConfirmDialog
          title={t('plans.move.title', { price: f.money(plan.price) })}
          action={t('plans.move.confirm')}
          failure={failure}
          onClose={() => setAsking(false)}
          onConfirm={async () =>
            setDone(
              await write.mutateAsync({ method: 'POST', path: adminPaths.planMove(plan._id) }),
            )
          }
        >
          <p>{t('plans.move.text', { count: plan.olderPrice })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
