import { useTranslation } from 'react-i18next';
import {
  COUNTDOWN_UNITS,
  countdown,
  discountEndsAt,
  voucherText,
  type DiscountDto,
} from '@circo/shared-contracts';
import { useLang } from '../../catalog/hooks/useLang';
import { discountLabel } from '../discountLabel';

/**
 * The running voucher with a live countdown to its end (spec section 4). `now` ticks every second
 * in the parent; once the end passes the banner renders nothing.
 */
export function DiscountBanner({ discount, now }: { discount: DiscountDto; now: number }) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const p = countdown(discountEndsAt(discount), now);
  if (p.ended) return null;
  return (
    <aside
      className="cat-banner"
      data-testid="discount-countdown"
      aria-label={t('detail.discount.label')}
    >
      <p className="cat-banner__text">
        <span className="cat-badge cat-badge--deal">{discountLabel(t, discount)}</span>{' '}
        <strong>{voucherText(discount.nameI18n, discount.name, lang)}</strong>
      </p>
      <div className="cat-countdown">
        <span className="cat-countdown__lead">{t('detail.discount.endsIn')}</span>
        {/* role=timer is not announced on every tick (implicit aria-live off) */}
        <span role="timer" className="cat-countdown__units">
          {COUNTDOWN_UNITS.map((unit) => (
            <span key={unit} className="cat-countdown__unit">
              {/* the server counted from its own moment: hydration keeps its text, and the
                  next tick (a second later) shows the browser's */}
              <span className="cat-countdown__value" data-unit={unit} suppressHydrationWarning>
                {unit === 'days' ? p[unit] : String(p[unit]).padStart(2, '0')}
              </span>
              <span className="cat-countdown__name" suppressHydrationWarning>
                {t(`detail.discount.units.${unit}`, { count: p[unit] })}
              </span>
            </span>
          ))}
        </span>
      </div>
    </aside>
  );
}
