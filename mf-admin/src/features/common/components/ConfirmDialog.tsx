import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { Alert } from '@circo/shared-web';
import { Dialog } from './Dialog';

/** "¿Eliminar ...?" + "Esta acción no se puede deshacer." with Delete and Cancel. */
export function ConfirmDialog({
  title,
  name,
  onConfirm,
  onClose,
}: {
  title: string;
  /** What is deleted, named under the question. */
  name?: string;
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
        t(
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
      <p>{t('confirm.cannotUndo')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="adm-actions">
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {t('actions.delete')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose} autoFocus>
          {t('actions.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
