import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@circo/shared-contracts';
import { useAdminWrite } from '@circo/shared-web';
import { DetailPanel } from './DetailPanel';
import { Dialog } from './Dialog';
import { ManagerFrame } from './ManagerFrame';
import { EditButton, ListRow } from './OrderedList';

/** What a flat list screen (in-person trainings, vouchers) says and does for its kind of item. */
export interface ListManagerProps<T extends { _id: string }> {
  items: T[];
  /** the list heading's id */
  headingId: string;
  /** the prefix of the detail panel's ids (followed by the item's id) */
  panelIdPrefix: string;
  texts: { list: string; add: string; empty: string; confirmDelete: string };
  /** the item's name in its row, its panel's heading and the delete confirmation */
  name: (item: T) => string;
  /** what the row shows after the name */
  marks: (item: T) => ReactNode;
  rowTestId: string;
  /** the detail panel's read-only view, per language tab */
  view: (item: T) => (lang: Lang) => ReactNode;
  /** the form: without an item it creates one (in a dialog), with one it edits it (in the panel) */
  form: (props: { item?: T; onDone: () => void; onCancel: () => void }) => ReactNode;
  /** the admin API path that deletes the item */
  deletePath: (item: T) => string;
}

/**
 * A list of items beside the selected one's detail panel, with "add" (a dialog with the form),
 * "edit" (the panel's form) and "delete" (a confirmation) on each row.
 */
export function ListManager<T extends { _id: string }>(p: ListManagerProps<T>) {
  const { t } = useTranslation('admin');
  // `edit`: opened by the row's "Editar" (a fresh number each time, so the form opens again)
  const [selected, setSelected] = useState<{ id: string; edit?: number } | null>(null);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<T | null>(null);
  const write = useAdminWrite();
  const current = p.items.find((item) => item._id === selected?.id);
  const closeAdding = () => setAdding(false);
  return (
    <ManagerFrame
      headingId={p.headingId}
      texts={p.texts}
      isEmpty={p.items.length === 0}
      onAdd={() => setAdding(true)}
      detail={
        current && (
          <DetailPanel
            key={`${current._id}-${selected?.edit ?? 'view'}`}
            startEditing={selected?.edit !== undefined}
            idPrefix={`${p.panelIdPrefix}-${current._id}`}
            heading={p.name(current)}
            view={p.view(current)}
            edit={(done) => p.form({ item: current, onDone: done, onCancel: done })}
          />
        )
      }
      dialogs={
        adding && (
          <Dialog title={p.texts.add} onClose={closeAdding} wide>
            {p.form({ onDone: closeAdding, onCancel: closeAdding })}
          </Dialog>
        )
      }
      pendingDelete={
        confirming && {
          title: p.texts.confirmDelete,
          name: p.name(confirming),
          onConfirm: () => write.mutateAsync({ method: 'DELETE', path: p.deletePath(confirming) }),
        }
      }
      onCloseDelete={() => setConfirming(null)}
    >
      {p.items.map((item) => (
        <li key={item._id}>
          <ListRow
            name={p.name(item)}
            selected={item._id === selected?.id}
            onSelect={() => setSelected({ id: item._id })}
            marks={p.marks(item)}
            testId={p.rowTestId}
          >
            <EditButton onEdit={() => setSelected({ id: item._id, edit: Date.now() })} />
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(item)}>
              {t('actions.delete')}
            </button>
          </ListRow>
        </li>
      ))}
    </ManagerFrame>
  );
}
