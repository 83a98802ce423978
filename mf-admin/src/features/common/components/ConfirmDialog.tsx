import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { Alert } from '@circo/shared-web';
import { Dialog } from './Dialog';

/**
 * Asks before what cannot be undone: "¿Eliminar ...?" + "Esta acción no se puede deshacer." with
 * Delete and Cancel by default; ending an access or refunding a payment name their own action.
 */
export function ConfirmDialog({
  title,
  name,
  children,
  action,
  failure,
  onConfirm,
  onClose,
}: {
  title: string;
  /** What is deleted, named under the question. */
  name?: string;
  /** More words under the question. */
  children?: ReactNode;
  /** The confirming button's label (default "Eliminar"). */
  action?: string;
  /** What to say when it fails (default: why a delete failed). */
  failure?: (err: unknown) => string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(
        failure
          ? failure(err)
          : t(
              (err as { code?: string }).code === COMMON_ERRORS.inUse
                ? 'errors.hasBuyers'
                : 'errors.deleteFailed',
            ),
      );
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      {name && (
        <p>
          <strong>{name}</strong>
        </p>
      )}
      {children}
      <p>{t('confirm.cannotUndo')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="adm-actions">
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {action ?? t('actions.delete')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose} autoFocus>
          {t('actions.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
