import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang, type Localized } from '@circo/shared-contracts';

/** "Español ✓ Inglés ✗ Francés ✗": where an item can be seen. */
export function VisibilityMarks({ visible }: { visible: Localized<boolean> }) {
  const { t } = useTranslation('admin');
  return (
    <span className="adm-marks">
      {LANGUAGES.map((l: Lang) => (
        <span
          key={l}
          className={`adm-mark${visible[l] ? ' adm-mark--on' : ''}`}
          title={t(visible[l] ? 'visibility.visibleIn' : 'visibility.hiddenIn', {
            language: t(`lang.${l}`),
          })}
        >
          <span aria-hidden="true">{visible[l] ? '✓' : '✗'}</span> {t(`lang.${l}`)}
          <span className="visually-hidden">
            {': '}
            {t(visible[l] ? 'visibility.visible' : 'visibility.hidden')}
          </span>
        </span>
      ))}
    </span>
  );
}
