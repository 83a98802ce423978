import { useTranslation } from 'react-i18next';
import type { Lang, PresentialFormation } from '@circo/shared-contracts';
import { inLang } from '../../catalog/localized';
import { formatCalendarDates } from '../calendarDate';

/** One upcoming in-person training: what, where, when, and where to register. */
export function PresentialCard({ item, lang }: { item: PresentialFormation; lang: Lang }) {
  const { t } = useTranslation('catalog');
  const title = inLang(item.title, lang);
  const date =
    item.dateType === 'range'
      ? formatCalendarDates(lang, item.dateRange?.start, item.dateRange?.end)
      : formatCalendarDates(lang, item.singleDate);
  const location = inLang(item.location, lang);
  return (
    <li className="cat-event" data-testid="presential-card">
      <div className="cat-event__date" aria-hidden="true">
        <span className="cat-event__icon">◷</span>
      </div>
      <div className="cat-event__body">
        <h3 className="cat-event__title">{title}</h3>
        <dl className="cat-event__facts">
          {date && (
            <div>
              <dt>{t('formations.presential.date')}</dt>
              <dd>{date}</dd>
            </div>
          )}
          {item.time && (
            <div>
              <dt>{t('formations.presential.time')}</dt>
              <dd>{item.time}</dd>
            </div>
          )}
          {location && (
            <div>
              <dt>{t('formations.presential.location')}</dt>
              <dd>{location}</dd>
            </div>
          )}
        </dl>
        <p className="cat-event__text">{inLang(item.description, lang)}</p>
        {item.registrationLink && (
          <a
            className="btn btn--primary"
            href={item.registrationLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('formations.presential.register')}
            <span className="visually-hidden">
              {' '}
              {title} {t('common.newTab')}
            </span>
          </a>
        )}
      </div>
    </li>
  );
}
