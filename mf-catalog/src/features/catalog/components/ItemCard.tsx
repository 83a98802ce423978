import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { excerpt, type CourseSummary, type ItemType } from '@circo/shared-contracts';
import { useLang } from '../hooks/useLang';
import { inLang } from '../localized';
import { detailPath } from '../paths';
import { ItemImage } from './ItemImage';

/** A course or formation card: image, title, description cut to 120 characters; opens the detail. */
export function ItemCard({
  item,
  kind,
  showKind = false,
  headingLevel = 2,
  eager = false,
  priority = false,
}: {
  item: CourseSummary;
  kind: ItemType;
  /** Labels the card "Course" / "Training" (search results mix both). */
  showKind?: boolean;
  headingLevel?: 2 | 3;
  /** On screen at once: the image loads without waiting to be scrolled to. */
  eager?: boolean;
  /** The page's largest image. */
  priority?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const title = inLang(item.title, lang);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="cat-card" data-testid={`${kind}-card`}>
      <ItemImage
        src={inLang(item.image, lang)}
        alt=""
        className="cat-card__image"
        eager={eager}
        priority={priority}
      />
      <div className="cat-card__body">
        {showKind && <span className="cat-badge">{t(`card.kind.${kind}`)}</span>}
        <Heading className="cat-card__title">
          {/* the link covers the whole card (see .cat-card__link::after) */}
          <Link className="cat-card__link" to={detailPath(kind, item._id, title)}>
            {title}
          </Link>
        </Heading>
        <p className="cat-card__text">{excerpt(inLang(item.description, lang), 120)}</p>
        <span className="cat-card__more" aria-hidden="true">
          {t('card.more')} →
        </span>
      </div>
    </li>
  );
}

/** A responsive grid of cards. */
export function ItemGrid({
  items,
  kind,
  label,
  showKind,
  headingLevel,
}: {
  items: CourseSummary[];
  kind: ItemType;
  label?: string;
  showKind?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="cat-grid" aria-label={label}>
      {items.map((item, i) => (
        <ItemCard
          key={item._id}
          // the first row is on screen at once (the first image is the page's largest paint)
          eager={i < 3}
          priority={i === 0}
          item={item}
          kind={kind}
          showKind={showKind}
          headingLevel={headingLevel}
        />
      ))}
    </ul>
  );
}
