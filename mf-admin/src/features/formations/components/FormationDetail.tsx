import { useTranslation } from 'react-i18next';
import type { AdminFormation } from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { ClassView, WithClass } from '../../common/components/ClassView';
import { DetailPanel } from '../../common/components/DetailPanel';
import { ItemView, stripTags } from '../../common/components/ItemView';
import { displayTitle } from '../../common/titles';
import { ClassForm } from '../../forms/components/ClassForm';
import { ItemForm } from '../../forms/components/ItemForm';
import { ModuleForm } from '../../forms/components/ModuleForm';
import type { FSelection } from '../selection';

/** The detail panel of the selected formation, module or class. */
export function FormationDetail({
  selection,
  formation: f,
}: {
  selection: FSelection;
  formation?: AdminFormation;
}) {
  const { t } = useTranslation('admin');
  if (!f) return null;
  if (selection.kind === 'formation') {
    return (
      <DetailPanel
        idPrefix={`formation-${f._id}`}
        startEditing={!!selection.edit}
        heading={displayTitle(f.title)}
        visible={f.visible}
        toggle={(lang) => ({
          method: 'PATCH',
          path: adminPaths.formationVisibility(f._id),
          body: { language: lang },
        })}
        view={(lang) => <ItemView item={f} lang={lang} />}
        edit={(done) => <ItemForm kind="formation" item={f} onDone={done} onCancel={done} />}
      />
    );
  }
  const m = f.modules.find(
    (x) => x._id === (selection.kind === 'module' ? selection.id : selection.moduleId),
  );
  if (!m) return null;
  if (selection.kind === 'module') {
    return (
      <DetailPanel
        idPrefix={`module-${m._id}`}
        startEditing={!!selection.edit}
        heading={`${t('formations.module')}: ${displayTitle(m.title)}`}
        visible={m.visible}
        toggle={(lang) => ({ method: 'PATCH', path: adminPaths.moduleVisibility(m._id, lang) })}
        view={(lang) => (
          <dl className="adm-view">
            <dt>{t('fields.title')}</dt>
            <dd>{m.title[lang] || <span className="adm-muted">{t('common.empty')}</span>}</dd>
            <dt>{t('fields.description')}</dt>
            <dd>
              {stripTags(m.description[lang]) || (
                <span className="adm-muted">{t('common.empty')}</span>
              )}
            </dd>
          </dl>
        )}
        edit={(done) => <ModuleForm formationId={f._id} module={m} onDone={done} onCancel={done} />}
      />
    );
  }
  return (
    <WithClass id={selection.id}>
      {(cls) => (
        <DetailPanel
          idPrefix={`fclass-${cls._id}`}
          startEditing={!!selection.edit}
          heading={`${displayTitle(m.title)}: ${displayTitle(cls.title)}`}
          visible={cls.visible}
          toggle={(lang) => ({
            method: 'PATCH',
            path: adminPaths.formationClassVisibility(cls._id, lang),
          })}
          view={(lang) => <ClassView cls={cls} lang={lang} />}
          edit={(done) => (
            <ClassForm
              cls={cls}
              request={(body) => ({
                method: 'PUT',
                path: adminPaths.formationClass(cls._id),
                body,
              })}
              onDone={done}
              onCancel={done}
            />
          )}
        />
      )}
    </WithClass>
  );
}
