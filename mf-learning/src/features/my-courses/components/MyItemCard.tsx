import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { excerpt, pathTo, ROUTES, type MyCertificate, type MyItem } from '@circo/shared-contracts';
import { useLang } from '../../shared/hooks';
import { formatDate, inLang, inLangOrAny, sourceLang } from '../../shared/localized';
import { useBuyAgain } from '../hooks/useBuyAgain';
import { CertificateActions } from './CertificateActions';
import { TimeLeftBadge } from './TimeLeftBadge';

const path = (id: 'myFormation' | 'myCourse' | 'expiredFormation' | 'expiredCourse') =>
  ROUTES.find((r) => r.id === id)!.path;

/** Where a card leads: the viewer while active, the expired detail otherwise. */
export function cardPath(item: MyItem): string {
  const formation = item.type === 'formation';
  const id = item.expired
    ? formation
      ? 'expiredFormation'
      : 'expiredCourse'
    : formation
      ? 'myFormation'
      : 'myCourse';
  return pathTo(path(id), { id: item._id });
}

/**
 * A card of /mis-cursos. Active and visible in the language: a link to the viewer (with its
 * visibility and expiry in the navigation state) and the time-left badge. Expired or hidden in the
 * language: disabled, with an overlay; an expired card offers "buy again".
 */
export function MyItemCard({
  item,
  now,
  admin,
  certificate,
}: {
  item: MyItem;
  now: number;
  admin: boolean;
  certificate?: MyCertificate;
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const buyAgain = useBuyAgain();
  const hidden = !item.visible[lang];
  const disabled = item.expired || hidden;
  const title = inLangOrAny(item.title, lang);
  // a card hidden in this language shows another's title and text: said, and marked for readers
  const from = sourceLang(item.title, lang);
  const image = inLang(item.image, lang) || inLangOrAny(item.image, lang);
  const overlay = item.expired
    ? t('my.overlay.expired')
    : hidden
      ? t('my.overlay.unavailable')
      : null;
  return (
    <li
      className={`learn-card${disabled ? ' learn-card--disabled' : ''}`}
      data-testid={`my-${item.type}-card`}
      data-state={item.expired ? 'expired' : hidden ? 'unavailable' : 'active'}
    >
      <div className="learn-card__media">
        {image ? (
          <img src={image} alt="" className="learn-card__image" />
        ) : (
          <div className="learn-card__image" />
        )}
        {overlay && (
          <div className="learn-card__overlay" data-testid="card-overlay">
            <span>{overlay}</span>
          </div>
        )}
      </div>
      <div className="learn-card__body">
        <span className="learn-kind">{t(`my.kind.${item.type}`)}</span>
        <h3 className="learn-card__title" lang={from === lang ? undefined : from}>
          {disabled ? (
            title
          ) : (
            <Link
              className="learn-card__link"
              to={cardPath(item)}
              state={{ visible: item.visible, expiresAt: item.expiresAt }}
            >
              {title}
            </Link>
          )}
        </h3>
        {from !== lang && (
          <span className="learn-card__in-lang" data-testid="card-in-lang">
            {t('my.inLanguage', { lang: t(`langs.${from}`) })}
          </span>
        )}
        <p
          className="learn-card__text"
          lang={
            sourceLang(item.description, lang) === lang
              ? undefined
              : sourceLang(item.description, lang)
          }
        >
          {excerpt(inLangOrAny(item.description, lang), 120)}
        </p>
        <div className="learn-card__foot">
          {!admin && item.expiresAt && !item.expired && item.membership && (
            <span className="learn-card__date" data-testid="with-membership">
              {t(item.membership.renews ? 'my.withPlanRenews' : 'my.withPlanUntil', {
                plan: inLangOrAny(item.membership.planName, lang),
                date: formatDate(item.expiresAt, lang),
              })}
            </span>
          )}
          {!admin && item.expiresAt && !item.expired && !item.membership && (
            <>
              <span className="learn-card__date">
                {t('my.endsOn', { date: formatDate(item.expiresAt, lang) })}
              </span>
              <TimeLeftBadge expiresAt={item.expiresAt} now={now} />
            </>
          )}
          {item.expired && item.expiresAt && (
            <span className="learn-card__date">
              {t('my.expiredOn', { date: formatDate(item.expiresAt, lang) })}
            </span>
          )}
        </div>
        {certificate && <CertificateActions certificate={certificate} />}
        {item.expired && !admin && (
          <div className="learn-card__actions">
            <button type="button" className="btn btn--primary" onClick={() => buyAgain(item)}>
              {t('my.buyAgain')}
            </button>
            <Link className="btn btn--ghost" to={cardPath(item)}>
              {t('my.details')}
            </Link>
          </div>
        )}
      </div>
    </li>
  );
}
