import { toDiscountDto } from './discounts.mapper.js';

describe('discounts mapper', () => {
  it('turns cents into USD and instants into ISO strings', () => {
    const dto = toDiscountDto(
      {
        id: 'd1',
        name: 'Bono',
        description: '',
        nameI18n: { es: '', en: 'Voucher', fr: '' },
        descriptionI18n: { es: '', en: '', fr: '' },
        percentage: 0,
        amountCents: 1999,
        startDate: new Date('2030-01-01T00:00:00Z'),
        endDate: new Date('2030-01-31T23:59:59Z'),
        active: true,
        type: 'course',
        createdAt: new Date(),
        updatedAt: new Date(),
      },
      [{ _id: 'c1', title: 'Telas', itemType: 'course' }],
    );
    expect(dto).toEqual({
      _id: 'd1',
      name: 'Bono',
      description: '',
      nameI18n: { es: 'Bono', en: 'Voucher', fr: '' },
      descriptionI18n: { es: '', en: '', fr: '' },
      percentage: 0,
      amount: 19.99,
      startDate: '2030-01-01T00:00:00.000Z',
      endDate: '2030-01-31T23:59:59.000Z',
      active: true,
      type: 'course',
      targetItems: [{ _id: 'c1', title: 'Telas', itemType: 'course' }],
    });
  });
});
