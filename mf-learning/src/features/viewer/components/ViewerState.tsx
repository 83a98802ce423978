import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CATALOG_ERRORS, LEARNING_ERRORS, isLang, type ItemType } from '@circo/shared-contracts';
import type { ApiError } from '@circo/shared-web';
import { useLang } from '../../shared/hooks';

/** A viewer that could not open: not available in the language, not bought, not found, failed. */
export function ViewerState({
  kind,
  error,
  retry,
}: {
  kind: ItemType;
  error: ApiError;
  retry: () => void;
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const Kind = kind === 'formation' ? 'Formation' : 'Course';
  let title = '';
  let text: string;
  if (error.code === CATALOG_ERRORS.unavailableInLanguage) {
    title = t(`viewer.unavailableTitle${Kind}`);
    text = t(`viewer.unavailable${Kind}`, { lang: t(`langs.${isLang(lang) ? lang : 'es'}`) });
  } else if (error.code === LEARNING_ERRORS.purchaseRequired) {
    text = t('viewer.notBought');
  } else if (error.status === 404 || error.status === 400) {
    text = t('viewer.notFound');
  } else {
    return (
      <div className="alert alert--error">
        {t('viewer.loadError')}{' '}
        <button type="button" className="btn btn--ghost" onClick={retry}>
          {t('viewer.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="panel panel--center panel--unavailable" data-testid="viewer-unavailable">
      {title && <h1>{title}</h1>}
      <p>{text}</p>
      <Link className="btn btn--ghost" to="/mis-cursos">
        {t('viewer.back')}
      </Link>
    </div>
  );
}
