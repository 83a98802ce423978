import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';

/** es / en / fr tabs; `marks` flags languages with an error (or missing content). */
export function LangTabs({
  lang,
  onChange,
  marks,
  idPrefix,
}: {
  lang: Lang;
  onChange: (lang: Lang) => void;
  marks?: Partial<Record<Lang, boolean>>;
  idPrefix: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-tabs" role="tablist" aria-label={t('common.languages')}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${l}`}
          aria-selected={lang === l}
          className={`adm-tab${lang === l ? ' adm-tab--on' : ''}`}
          onClick={() => onChange(l)}
        >
          {t(`lang.${l}`)}
          {marks?.[l] ? (
            <span className="adm-tab__mark" aria-label={t('common.hasErrors')}>
              {' '}
              !
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
