import { useTranslation } from 'react-i18next';
import type { AdminFormation } from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { OrderedChildren } from '../../common/components/OrderedChildren';
import { EditButton, ListRow } from '../../common/components/OrderedList';
import { VisibilityMarks } from '../../common/components/VisibilityMarks';
import { useExpanded } from '../../common/hooks/useExpanded';
import { displayTitle } from '../../common/titles';
import type { FAdding, FConfirming, FSelection } from '../selection';

/** One formation with its modules (expandable) and their classes (expandable), in order. */
export function FormationTree({
  formation: f,
  selected,
  onSelect,
  onAdd,
  onDelete,
}: {
  formation: AdminFormation;
  selected: FSelection | null;
  onSelect: (s: FSelection) => void;
  onAdd: (a: FAdding) => void;
  onDelete: (c: FConfirming) => void;
}) {
  const { t } = useTranslation('admin');
  const open = useExpanded();
  const name = displayTitle(f.title);
  const isSelected = (kind: FSelection['kind']) => (id: string) =>
    selected?.kind === kind && selected.id === id;
  return (
    <li data-testid="formation-item">
      <ListRow
        name={name}
        testId="formation-row"
        selected={isSelected('formation')(f._id)}
        onSelect={() => onSelect({ kind: 'formation', id: f._id })}
        marks={<VisibilityMarks visible={f.visible} />}
      >
        <button
          type="button"
          className="btn btn--ghost"
          aria-expanded={open.isOpen(f._id)}
          onClick={() => open.toggle(f._id)}
        >
          {t(open.isOpen(f._id) ? 'formations.hideModules' : 'formations.showModules', {
            count: f.modules.length,
          })}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => onAdd({ kind: 'module', formationId: f._id })}
        >
          {t('formations.addModule')}
        </button>
        <EditButton onEdit={() => onSelect({ kind: 'formation', id: f._id, edit: Date.now() })} />
        <button
          type="button"
          className="btn btn--ghost"
          disabled={f.hasBuyers}
          title={f.hasBuyers ? t('errors.hasBuyers') : undefined}
          onClick={() => onDelete({ kind: 'formation', id: f._id, name })}
        >
          {t('actions.delete')}
        </button>
      </ListRow>
      {open.isOpen(f._id) && (
        <OrderedChildren
          items={f.modules}
          label={t('formations.modulesOf', { name })}
          empty={{ text: t('formations.noModules') }}
          rowTestId="module-row"
          itemTestId="module-item"
          orderPath={adminPaths.moduleOrder(f._id)}
          isSelected={isSelected('module')}
          onSelect={(id, edit) => onSelect({ kind: 'module', id, formationId: f._id, edit })}
          onDelete={(id, mName) => onDelete({ kind: 'module', id, name: mName })}
          actions={(m) => (
            <>
              <button
                type="button"
                className="btn btn--ghost"
                aria-expanded={open.isOpen(m._id)}
                onClick={() => open.toggle(m._id)}
              >
                {t(open.isOpen(m._id) ? 'formations.hideClasses' : 'formations.showClasses', {
                  count: m.classes.length,
                })}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  open.expand(m._id);
                  onAdd({ kind: 'class', moduleId: m._id, formationId: f._id });
                }}
              >
                {t('formations.addClass')}
              </button>
            </>
          )}
          below={(m, mName) =>
            open.isOpen(m._id) && (
              <OrderedChildren
                items={m.classes}
                label={t('formations.classesOf', { name: mName })}
                empty={{ text: t('formations.noClasses') }}
                rowTestId="class-row"
                orderPath={adminPaths.moduleClassOrder(m._id)}
                isSelected={isSelected('class')}
                onSelect={(id, edit) =>
                  onSelect({ kind: 'class', id, moduleId: m._id, formationId: f._id, edit })
                }
                onDelete={(id, cName) => onDelete({ kind: 'class', id, name: cName })}
              />
            )
          }
        />
      )}
    </li>
  );
}
