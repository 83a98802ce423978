import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Localized } from '@circo/shared-contracts';
import { useAdminWrite } from '@circo/shared-web';
import { displayTitle } from '../titles';
import { EditButton, ListRow, MoveButtons, moved } from './OrderedList';
import { VisibilityMarks } from './VisibilityMarks';

interface Child {
  _id: string;
  title: Localized;
  visible: Localized<boolean>;
}

/**
 * The ordered children of a course or formation (classes, modules, a module's classes): each row
 * selects the child, moves it up or down (the new order goes to `orderPath`), edits or deletes
 * it; `actions` adds buttons before "Editar", `below` shows what opens under a row.
 */
export function OrderedChildren<C extends Child>({
  items,
  label,
  empty,
  rowTestId,
  itemTestId,
  orderPath,
  isSelected,
  onSelect,
  onDelete,
  actions,
  below,
}: {
  items: C[];
  /** The list's accessible name. */
  label: string;
  /** What an empty list says: in the list, or (`asParagraph`) in its place. */
  empty: { text: string; asParagraph?: boolean };
  rowTestId: string;
  itemTestId?: string;
  orderPath: string;
  isSelected: (id: string) => boolean;
  /** `edit`: opened by the row's "Editar" (a fresh number each time, so the form opens again). */
  onSelect: (id: string, edit?: number) => void;
  onDelete: (id: string, name: string) => void;
  actions?: (child: C, name: string) => ReactNode;
  below?: (child: C, name: string) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const write = useAdminWrite();
  const ids = items.map((c) => c._id);
  if (items.length === 0 && empty.asParagraph) {
    return <p className="adm-muted adm-indent">{empty.text}</p>;
  }
  return (
    <ol className="adm-list adm-indent" aria-label={label}>
      {items.length === 0 && <li className="adm-muted">{empty.text}</li>}
      {items.map((c, i) => {
        const name = displayTitle(c.title);
        return (
          <li key={c._id} data-testid={itemTestId}>
            <ListRow
              name={name}
              testId={rowTestId}
              selected={isSelected(c._id)}
              onSelect={() => onSelect(c._id)}
              marks={<VisibilityMarks visible={c.visible} />}
            >
              <MoveButtons
                index={i}
                count={ids.length}
                label={name}
                disabled={write.isPending}
                onMove={(d) =>
                  write.mutate({ method: 'PUT', path: orderPath, body: { ids: moved(ids, i, d) } })
                }
              />
              {actions?.(c, name)}
              <EditButton onEdit={() => onSelect(c._id, Date.now())} />
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => onDelete(c._id, name)}
              >
                {t('actions.delete')}
              </button>
            </ListRow>
            {below?.(c, name)}
          </li>
        );
      })}
    </ol>
  );
}
