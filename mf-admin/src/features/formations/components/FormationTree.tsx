import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFormation } from '@circo/shared-contracts';
import { adminPaths, useAdminWrite } from '@circo/shared-web';
import { EditButton, ListRow, MoveButtons, moved } from '../../common/components/OrderedList';
import { VisibilityMarks } from '../../common/components/VisibilityMarks';
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
  const write = useAdminWrite();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const name = displayTitle(f.title);
  const moduleIds = f.modules.map((m) => m._id);
  return (
    <li data-testid="formation-item">
      <ListRow
        name={name}
        testId="formation-row"
        selected={selected?.kind === 'formation' && selected.id === f._id}
        onSelect={() => onSelect({ kind: 'formation', id: f._id })}
        marks={<VisibilityMarks visible={f.visible} />}
      >
        <button
          type="button"
          className="btn btn--ghost"
          aria-expanded={open.has(f._id)}
          onClick={() => toggle(f._id)}
        >
          {t(open.has(f._id) ? 'formations.hideModules' : 'formations.showModules', {
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
      {open.has(f._id) && (
        <ol className="adm-list adm-indent" aria-label={t('formations.modulesOf', { name })}>
          {f.modules.length === 0 && <li className="adm-muted">{t('formations.noModules')}</li>}
          {f.modules.map((m, i) => {
            const mName = displayTitle(m.title);
            const classIds = m.classes.map((c) => c._id);
            return (
              <li key={m._id} data-testid="module-item">
                <ListRow
                  name={mName}
                  testId="module-row"
                  selected={selected?.kind === 'module' && selected.id === m._id}
                  onSelect={() => onSelect({ kind: 'module', id: m._id, formationId: f._id })}
                  marks={<VisibilityMarks visible={m.visible} />}
                >
                  <MoveButtons
                    index={i}
                    count={moduleIds.length}
                    label={mName}
                    disabled={write.isPending}
                    onMove={(d) =>
                      write.mutate({
                        method: 'PUT',
                        path: adminPaths.moduleOrder(f._id),
                        body: { ids: moved(moduleIds, i, d) },
                      })
                    }
                  />
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-expanded={open.has(m._id)}
                    onClick={() => toggle(m._id)}
                  >
                    {t(open.has(m._id) ? 'formations.hideClasses' : 'formations.showClasses', {
                      count: m.classes.length,
                    })}
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => {
                      setOpen((s) => new Set(s).add(m._id));
                      onAdd({ kind: 'class', moduleId: m._id, formationId: f._id });
                    }}
                  >
                    {t('formations.addClass')}
                  </button>
                  <EditButton
                    onEdit={() =>
                      onSelect({ kind: 'module', id: m._id, formationId: f._id, edit: Date.now() })
                    }
                  />
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => onDelete({ kind: 'module', id: m._id, name: mName })}
                  >
                    {t('actions.delete')}
                  </button>
                </ListRow>
                {open.has(m._id) && (
                  <ol
                    className="adm-list adm-indent"
                    aria-label={t('formations.classesOf', { name: mName })}
                  >
                    {m.classes.length === 0 && (
                      <li className="adm-muted">{t('formations.noClasses')}</li>
                    )}
                    {m.classes.map((c, j) => {
                      const cName = displayTitle(c.title);
                      return (
                        <li key={c._id}>
                          <ListRow
                            name={cName}
                            testId="class-row"
                            selected={selected?.kind === 'class' && selected.id === c._id}
                            onSelect={() =>
                              onSelect({
                                kind: 'class',
                                id: c._id,
                                moduleId: m._id,
                                formationId: f._id,
                              })
                            }
                            marks={<VisibilityMarks visible={c.visible} />}
                          >
                            <MoveButtons
                              index={j}
                              count={classIds.length}
                              label={cName}
                              disabled={write.isPending}
                              onMove={(d) =>
                                write.mutate({
                                  method: 'PUT',
                                  path: adminPaths.moduleClassOrder(m._id),
                                  body: { ids: moved(classIds, j, d) },
                                })
                              }
                            />
                            <EditButton
                              onEdit={() =>
                                onSelect({
                                  kind: 'class',
                                  id: c._id,
                                  moduleId: m._id,
                                  formationId: f._id,
                                  edit: Date.now(),
                                })
                              }
                            />
                            <button
                              type="button"
                              className="btn btn--ghost"
                              onClick={() => onDelete({ kind: 'class', id: c._id, name: cName })}
                            >
                              {t('actions.delete')}
                            </button>
                          </ListRow>
                        </li>
                      );
                    })}
                  </ol>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </li>
  );
}
