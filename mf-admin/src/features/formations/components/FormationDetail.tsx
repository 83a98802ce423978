import { useTranslation } from 'react-i18next';
import type { AdminFormation } from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { ClassPanel, ItemPanel } from '../../common/components/CatalogPanels';
import { DetailPanel } from '../../common/components/DetailPanel';
import { stripTags } from '../../common/components/ItemView';
import { displayTitle } from '../../common/titles';
import { ModuleForm } from '../../forms/components/ModuleForm';
import type { FSelection } from '../selection';

const CLASS_PATHS = {
  visibility: adminPaths.formationClassVisibility,
  save: adminPaths.formationClass,
};

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
    return <ItemPanel kind="formation" item={f} startEditing={!!selection.edit} />;
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
    <ClassPanel
      classId={selection.id}
      idPrefix="fclass"
      heading={(title) => `${displayTitle(m.title)}: ${title}`}
      paths={CLASS_PATHS}
      startEditing={!!selection.edit}
    />
  );
}
