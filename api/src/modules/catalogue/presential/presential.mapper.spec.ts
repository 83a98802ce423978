import type { PresentialFormationRow } from '../../../database/tables/presential.table.js';
import { toPresentialFormation } from './presential.mapper.js';
import { utcToday } from './presential.service.js';

const row = (over: Partial<PresentialFormationRow>): PresentialFormationRow => ({
  id: 'p1',
  title: { es: 'Taller', en: 'Workshop', fr: 'Atelier' },
  description: { es: 'd', en: 'd', fr: 'd' },
  location: { es: 'Valencia', en: 'Valencia', fr: 'Valence' },
  dateType: 'single',
  singleDate: '2030-05-01',
  rangeStart: null,
  rangeEnd: null,
  time: '10:00 a 14:00',
  registrationLink: 'https://example.com',
  createdAt: new Date(),
  updatedAt: new Date(),
  startsOn: '2030-05-01',
  endsOn: '2030-05-01',
  ...over,
});

describe('presential mapper', () => {
  it('keeps calendar dates and the shape of the contract', () => {
    expect(toPresentialFormation(row({}))).toEqual({
      _id: 'p1',
      title: { es: 'Taller', en: 'Workshop', fr: 'Atelier' },
      description: { es: 'd', en: 'd', fr: 'd' },
      location: { es: 'Valencia', en: 'Valencia', fr: 'Valence' },
      dateType: 'single',
      singleDate: '2030-05-01',
      dateRange: { start: null, end: null },
      time: '10:00 a 14:00',
      registrationLink: 'https://example.com',
    });
    const range = toPresentialFormation(
      row({
        dateType: 'range',
        singleDate: '1999-01-01',
        rangeStart: '2030-06-01',
        rangeEnd: '2030-06-05',
      }),
    );
    expect(range.singleDate).toBeNull();
    expect(range.dateRange).toEqual({ start: '2030-06-01', end: '2030-06-05' });
    expect(range).not.toHaveProperty('startsOn');
  });

  it('takes today as the UTC calendar date', () => {
    expect(utcToday(new Date('2030-01-31T23:30:00-05:00'))).toBe('2030-02-01');
  });
});
