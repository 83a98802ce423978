import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bestDiscountFor,
  toEmbedUrl,
  type CourseDetail,
  type FormationDetail,
  type ItemType,
  type Lang,
} from '@circo/shared-contracts';
import { ItemImage } from '../../catalog/components/ItemImage';
import { VideoEmbed } from '../../catalog/components/VideoEmbed';
import { inLang } from '../../catalog/localized';
import { useActiveDiscounts } from '../hooks/useActiveDiscounts';
import { useNow } from '../hooks/useNow';
import { AvailableLanguages } from './AvailableLanguages';
import { DiscountBanner } from './DiscountBanner';
import { FeatureList } from './FeatureList';
import { PriceCard } from './PriceCard';
import { Programme } from './Programme';

/** A course or formation in the current language: the "shown" state of a detail page. */
export function ItemDetailView({
  kind,
  item,
  lang,
}: {
  kind: ItemType;
  item: CourseDetail | FormationDetail;
  lang: Lang;
}) {
  const { t } = useTranslation('catalog');
  const priceRef = useRef<HTMLElement>(null);
  const discounts = useActiveDiscounts();
  // the clock only runs when a voucher could apply; it drives the countdown and ends the offer
  const now = useNow(discounts.length > 0 ? 1000 : null);
  const discount = bestDiscountFor(
    { _id: item._id, type: kind, price: item.price },
    discounts,
    now,
  );

  const title = inLang(item.title, lang);
  const description = inLang(item.description, lang);
  const pdf = inLang(item.pdf, lang);
  const embed = toEmbedUrl(inLang(item.video, lang));

  const enroll = () => {
    const card = priceRef.current;
    if (!card) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    card.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
    card.focus({ preventScroll: true });
  };

  return (
    <>
      {discount && <DiscountBanner discount={discount} now={now} />}
      <article className="cat-detail" data-testid={`${kind}-detail`}>
        <div className="cat-detail__main">
          <p className="cat-eyebrow">{t(`card.kind.${kind}`)}</p>
          <h1 className="cat-detail__title">{title}</h1>
          <div className="cat-detail__media">
            {embed ? (
              <VideoEmbed
                src={embed}
                title={t('detail.videoTitle', { title })}
                height={360}
                poster={inLang(item.image, lang) || undefined}
                priority
              />
            ) : (
              <ItemImage src={inLang(item.image, lang)} alt={title} eager priority />
            )}
          </div>
          <p className="cat-detail__description">{description}</p>
          <div className="cat-detail__actions">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="enroll"
              onClick={enroll}
            >
              {t('detail.enroll')}
            </button>
            {pdf && (
              <a className="btn btn--ghost" href={pdf} target="_blank" rel="noopener noreferrer">
                {t('detail.pdf')}
                <span className="visually-hidden"> {t('common.newTab')}</span>
              </a>
            )}
          </div>
          <AvailableLanguages visible={item.visible} />
          <FeatureList />
          <Programme
            lang={lang}
            classes={'classes' in item ? item.classes : undefined}
            modules={'modules' in item ? item.modules : undefined}
          />
        </div>
        <div className="cat-detail__aside">
          <PriceCard cardRef={priceRef} kind={kind} item={item} discount={discount} />
        </div>
      </article>
    </>
  );
}
