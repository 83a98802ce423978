import { useTranslation } from 'react-i18next';
import type { Lang, Localized } from '@circo/shared-contracts';
import { useAdminWrite, type AdminWrite } from '@circo/shared-web';

/** "Show in English" / "Hide in English": one call per language (spec section 4). */
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
  const language = t(`lang.${lang}`);
  return (
    <button
      type="button"
      className={`btn ${visible[lang] ? 'btn--ghost' : 'btn--accent'}`}
      aria-pressed={visible[lang]}
      disabled={write.isPending}
      onClick={() => write.mutate(request, { onError: (e) => console.error(e) })}
    >
      {t(visible[lang] ? 'visibility.hideIn' : 'visibility.showIn', { language })}
    </button>
  );
}
