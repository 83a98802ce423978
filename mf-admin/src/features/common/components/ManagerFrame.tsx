import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/** A delete waiting for the admin's yes: its question, what it deletes, and the delete itself. */
export interface PendingDelete {
  title: string;
  name: string;
  onConfirm: () => Promise<unknown>;
}

/**
 * The frame of every catalogue manager: the list pane (heading, "add", the rows or a line saying
 * there are none), the selected row's detail panel beside it, the add dialogs, and the delete
 * confirmation.
 */
export function ManagerFrame({
  headingId,
  texts,
  isEmpty,
  onAdd,
  detail,
  dialogs,
  pendingDelete,
  onCloseDelete,
  children,
}: {
  headingId: string;
  texts: { list: string; add: string; empty: string };
  isEmpty: boolean;
  onAdd: () => void;
  /** The selected row's panel; none selected: a hint to choose one. */
  detail: ReactNode;
  dialogs?: ReactNode;
  pendingDelete: PendingDelete | null;
  onCloseDelete: () => void;
  /** The rows (list items). */
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-manager">
      <section className="adm-list-pane" aria-labelledby={headingId}>
        <div className="adm-pane-head">
          <h2 id={headingId}>{texts.list}</h2>
          <button type="button" className="btn btn--accent" onClick={onAdd}>
            {texts.add}
          </button>
        </div>
        {isEmpty && <p className="adm-muted">{texts.empty}</p>}
        <ul className="adm-list">{children}</ul>
      </section>
      <div className="adm-detail-pane">
        {detail ?? <p className="adm-muted adm-hint-pane">{t('panel.choose')}</p>}
      </div>
      {dialogs}
      {pendingDelete && (
        <ConfirmDialog
          title={pendingDelete.title}
          name={pendingDelete.name}
          onClose={onCloseDelete}
          onConfirm={pendingDelete.onConfirm}
        />
      )}
    </div>
  );
}
