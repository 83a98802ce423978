import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang, Localized } from '@circo/shared-contracts';
import type { AdminWrite } from '@circo/shared-web';
import { LangTabs } from './LangTabs';
import { ToggleVisibility } from './ToggleVisibility';
import { VisibilityMarks } from './VisibilityMarks';

/**
 * The detail panel of a selected item: language tabs and a view mode (with Edit and the
 * visibility switch of the tab's language), or the edit form (save or cancel: back to view).
 * A row's "Editar" opens it on the form (`startEditing`).
 */
export function DetailPanel({
  heading,
  visible,
  toggle,
  view,
  edit,
  idPrefix,
  startEditing = false,
}: {
  heading: string;
  visible?: Localized<boolean>;
  toggle?: (lang: Lang) => AdminWrite;
  view: (lang: Lang) => ReactNode;
  edit: (done: () => void) => ReactNode;
  idPrefix: string;
  startEditing?: boolean;
}) {
  const { t } = useTranslation('admin');
  const [lang, setLang] = useState<Lang>('es');
  const [editing, setEditing] = useState(startEditing);
  return (
    <section className="adm-panel" aria-label={t('panel.label')} data-testid="detail-panel">
      <header className="adm-panel__head">
        <h2>{heading}</h2>
        {visible && <VisibilityMarks visible={visible} />}
      </header>
      {editing ? (
        edit(() => setEditing(false))
      ) : (
        <>
          <LangTabs lang={lang} onChange={setLang} idPrefix={idPrefix} />
          <div role="tabpanel" aria-labelledby={`${idPrefix}-tab-${lang}`}>
            {view(lang)}
          </div>
          <div className="adm-actions">
            <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>
              {t('actions.edit')}
            </button>
            {visible && toggle && (
              <ToggleVisibility key={lang} lang={lang} visible={visible} request={toggle(lang)} />
            )}
          </div>
        </>
      )}
    </section>
  );
}
