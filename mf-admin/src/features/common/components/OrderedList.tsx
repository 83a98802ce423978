import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Moves the item at `index` one place up or down: the ids in their new order. */
export function moved(ids: string[], index: number, delta: -1 | 1): string[] {
  const next = [...ids];
  const target = index + delta;
  if (target < 0 || target >= next.length) return ids;
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Up / down buttons of one item of an ordered list (a teacher builds a programme in order). */
export function MoveButtons({
  index,
  count,
  label,
  onMove,
  disabled,
}: {
  index: number;
  count: number;
  label: string;
  onMove: (delta: -1 | 1) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <span className="adm-move">
      <button
        type="button"
        className="btn btn--icon btn--ghost"
        aria-label={t('actions.moveUp', { name: label })}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn--icon btn--ghost"
        aria-label={t('actions.moveDown', { name: label })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
    </span>
  );
}

/** A row of the managers' lists: a selectable name, its marks and its buttons. */
export function ListRow({
  name,
  selected,
  onSelect,
  marks,
  children,
  testId,
}: {
  name: string;
  selected: boolean;
  onSelect: () => void;
  marks?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`adm-row${selected ? ' adm-row--selected' : ''}`} data-testid={testId}>
      <button
        type="button"
        className="adm-row__name"
        aria-current={selected || undefined}
        onClick={onSelect}
      >
        {name}
      </button>
      {marks}
      <span className="adm-row__actions">{children}</span>
    </div>
  );
}

/** A row's "Editar": opens the item's detail panel on its form (not on the read-only view). */
export function EditButton({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <button type="button" className="btn btn--ghost" onClick={onEdit}>
      {t('actions.edit')}
    </button>
  );
}
