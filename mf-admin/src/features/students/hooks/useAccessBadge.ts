import { useTranslation } from 'react-i18next';
import { timeLeftBadge, type StudentItem } from '@circo/shared-contracts';

/** The words for how long a student's access to an item still runs (the shared time-left rule). */
export function useAccessBadge() {
  const { t } = useTranslation('admin');
  return (item: StudentItem): string => {
    if (item.expired || !item.expiresAt) return t('students.status.expired');
    const b = timeLeftBadge(item.expiresAt, Date.now());
    if (!b) return t('students.status.active');
    switch (b.kind) {
      case 'month':
        return t('students.badge.month');
      case 'weeks':
        return t('students.badge.weeks', { count: b.weeks });
      case 'days':
        return t('students.badge.days', { count: b.days });
      case 'lastDay':
        return t('students.badge.lastDay');
    }
  };
}
