import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_ERRORS, type Lang, type Localized } from '@circo/shared-contracts';
import { toApiError, useAdminWrite, type AdminWrite } from '@circo/shared-web';

/**
 * "Show in English" / "Hide in English": one call per language (spec section 4). The server shows
 * an item only where its content is: a refusal reads as the in-person manager's
 * "Falta completar la información en: Inglés".
 */
export function ToggleVisibility({
  lang,
  visible,
  request,
}: {
  lang: Lang;
  visible: Localized<boolean>;
  request: AdminWrite;
}) {
  const { t } = useTranslation('admin');
  const write = useAdminWrite();
  const [refused, setRefused] = useState<string | null>(null);
  const language = t(`lang.${lang}`);
  const toggle = () => {
    setRefused(null);
    write.mutate(request, {
      onError: (err) => {
        console.error(err);
        setRefused(
          toApiError(err).code === COMMON_ERRORS.validation
            ? t('validation.missingLanguages', { languages: language })
            : t('errors.unexpected'),
        );
      },
    });
  };
  return (
    <>
      <button
        type="button"
        className={`btn ${visible[lang] ? 'btn--ghost' : 'btn--accent'}`}
        aria-pressed={visible[lang]}
        disabled={write.isPending}
        onClick={toggle}
      >
        {t(visible[lang] ? 'visibility.hideIn' : 'visibility.showIn', { language })}
      </button>
      {refused && (
        <p className="field__error adm-actions__error" role="alert">
          {refused}
        </p>
      )}
    </>
  );
}
