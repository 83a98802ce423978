import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ItemType } from '@circo/shared-contracts';
import { Alert, Price, Spinner, learningQueries, toResource } from '@circo/shared-web';
import { useBuyAgain } from '../features/my-courses/hooks/useBuyAgain';
import { useLang, useUserId } from '../features/shared/hooks';
import { formatDate, inLangOrAny, sourceLang } from '../features/shared/localized';

/** /detalle/formacion/{id} and /detalle/curso/{id}: an expired purchase, with "buy again". */
export function ExpiredItemPage({ kind }: { kind: ItemType }) {
  const { t } = useTranslation('learning');
  const { id = '' } = useParams();
  const lang = useLang();
  const userId = useUserId();
  const buyAgain = useBuyAgain();
  const res = toResource(useQuery({ ...learningQueries.myItems(userId, lang), enabled: !!userId }));

  const back = (
    <Link className="learn-back" to="/mis-cursos">
      ← {t('viewer.back')}
    </Link>
  );
  if (res.status === 'loading')
    return (
      <div className="learn-page">
        {back}
        <Spinner />
      </div>
    );
  if (res.status === 'error') {
    return (
      <div className="learn-page">
        {back}
        <Alert tone="error">
          <span>{t('viewer.loadError')}</span>{' '}
          <button type="button" className="btn btn--ghost" onClick={res.retry}>
            {t('viewer.retry')}
          </button>
        </Alert>
      </div>
    );
  }
  const item = (kind === 'formation' ? res.data.formations : res.data.courses).find(
    (i) => i._id === id,
  );
  if (!item) {
    return (
      <div className="learn-page">
        {back}
        <p className="panel panel--center">{t('viewer.notFound')}</p>
      </div>
    );
  }
  const image = inLangOrAny(item.image, lang);
  return (
    <div className="learn-page" data-testid="expired-detail">
      {back}
      <article className="learn-expired panel">
        {image && <img className="learn-expired__image" src={image} alt="" />}
        <div>
          <h1
            lang={sourceLang(item.title, lang) === lang ? undefined : sourceLang(item.title, lang)}
          >
            {inLangOrAny(item.title, lang)}
          </h1>
          {sourceLang(item.title, lang) !== lang && (
            <p className="learn-card__in-lang" data-testid="item-in-lang">
              {t('my.inLanguage', { lang: t(`langs.${sourceLang(item.title, lang)}`) })}
            </p>
          )}
          <p
            className="learn-lead"
            lang={
              sourceLang(item.description, lang) === lang
                ? undefined
                : sourceLang(item.description, lang)
            }
          >
            {inLangOrAny(item.description, lang)}
          </p>
          <p className="alert alert--warning" data-testid="expired-message">
            {item.expired
              ? t('viewer.expired')
              : t('my.endsOn', { date: formatDate(item.expiresAt!, lang) })}
          </p>
          {item.expired && item.expiresAt && (
            <p className="learn-muted">
              {t('my.expiredOn', { date: formatDate(item.expiresAt, lang) })}
            </p>
          )}
          <p>
            <Price amount={item.price} />
          </p>
          {item.expired && (
            <button type="button" className="btn btn--primary" onClick={() => buyAgain(item)}>
              {t('my.buyAgain')}
            </button>
          )}
        </div>
      </article>
    </div>
  );
}
