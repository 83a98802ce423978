import type { PresentialFormation } from '@circo/shared-contracts';
import type { PresentialFormationRow } from '../../../database/tables/presential.table.js';

const text = (v: Partial<Record<'es' | 'en' | 'fr', string>> | null | undefined) => ({
  es: v?.es ?? '',
  en: v?.en ?? '',
  fr: v?.fr ?? '',
});

/** Row -> PresentialFormation; dates stay calendar dates ('YYYY-MM-DD'). */
export function toPresentialFormation(row: PresentialFormationRow): PresentialFormation {
  const single = row.dateType === 'single';
  return {
    _id: row.id,
    title: text(row.title),
    description: text(row.description),
    location: text(row.location),
    dateType: row.dateType,
    singleDate: single ? row.singleDate : null,
    dateRange: { start: single ? null : row.rangeStart, end: single ? null : row.rangeEnd },
    time: row.time,
    registrationLink: row.registrationLink,
  };
}
