import { useTranslation } from 'react-i18next';
import { timeLeftBadge } from '@circo/shared-contracts';

/** The time-left badge of an active purchase (spec section 4); nothing when none applies. */
export function TimeLeftBadge({ expiresAt, now }: { expiresAt: string; now: number }) {
  const { t } = useTranslation('learning');
  const badge = timeLeftBadge(expiresAt, now);
  if (!badge) return null;
  let text: string;
  switch (badge.kind) {
    case 'month':
      text = t('my.badge.month');
      break;
    case 'weeks':
      text = t('my.badge.weeks', { count: badge.weeks });
      break;
    case 'days':
      text = t('my.badge.days', { count: badge.days });
      break;
    case 'lastDay':
      text = t('my.badge.lastDay');
      break;
  }
  const urgent = badge.kind === 'days' || badge.kind === 'lastDay';
  return (
    <span className={`learn-badge${urgent ? ' learn-badge--urgent' : ''}`} data-testid="time-left">
      {text}
    </span>
  );
}
