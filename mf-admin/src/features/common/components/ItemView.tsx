import { useTranslation } from 'react-i18next';
import { toEmbedUrl, type AdminItem, type Lang } from '@circo/shared-contracts';
import { Price } from '@circo/shared-web';

/** A course or formation in one language, as the detail panel's view mode shows it. */
export function ItemView({ item, lang }: { item: AdminItem; lang: Lang }) {
  const { t } = useTranslation('admin');
  const empty = <span className="adm-muted">{t('common.empty')}</span>;
  const embed = toEmbedUrl(item.video[lang]);
  return (
    <dl className="adm-view">
      <dt>{t('fields.title')}</dt>
      <dd>{item.title[lang] || empty}</dd>
      <dt>{t('fields.description')}</dt>
      <dd className="adm-view__long">
        {item.description[lang] ? stripTags(item.description[lang]) : empty}
      </dd>
      <dt>{t('fields.price')}</dt>
      <dd>
        <Price amount={item.price} />
      </dd>
      <dt>{t('fields.image')}</dt>
      <dd>
        {item.image[lang] ? <img className="adm-thumb" src={item.image[lang]!} alt="" /> : empty}
      </dd>
      <dt>{t('fields.pdf')}</dt>
      <dd>
        {item.pdf[lang] ? (
          <a href={item.pdf[lang]!} target="_blank" rel="noreferrer">
            {t('common.openPdf')}
          </a>
        ) : (
          empty
        )}
      </dd>
      <dt>{t('fields.video')}</dt>
      <dd>
        {embed ? (
          <iframe
            className="adm-preview-video"
            src={embed}
            title={item.title[lang] || 'video'}

            allowFullScreen
          />
        ) : item.video[lang] ? (
          <video className="adm-preview-video" src={item.video[lang]!} controls />
        ) : (
          empty
        )}
      </dd>
    </dl>
  );
}

/** Descriptions are stored as simple HTML; the admin view shows their text. */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
