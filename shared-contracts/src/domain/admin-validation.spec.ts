import {
  ADMIN_MESSAGES,
  languagesMissingContent,
  missingToShow,
  validateClass,
  validateCourse,
  validateFormation,
  validateModule,
  validatePlan,
  validatePresential,
  validateVoucher,
  type PresentialInput,
  type VoucherInput,
} from './admin-validation.js';

describe('validateVoucher', () => {
  const good: VoucherInput = {
    name: 'Verano',
    percentage: 20,
    amount: 0,
    startDate: '2025-01-01',
    endDate: '2025-01-31',
    targetItems: [{ _id: 'c1' }],
  };

  it('accepts a valid voucher, including a one-day window and an amount-only discount', () => {
    expect(validateVoucher(good)).toEqual({});
    expect(validateVoucher({ ...good, endDate: '2025-01-01' })).toEqual({});
    expect(validateVoucher({ ...good, percentage: '', amount: '15.5' })).toEqual({});
    expect(validateVoucher({ ...good, percentage: 100 })).toEqual({});
  });

  it('gives every key of an empty form', () => {
    expect(
      validateVoucher({
        name: ' ',
        percentage: '',
        amount: null,
        startDate: '',
        endDate: undefined,
        targetItems: [],
      }),
    ).toEqual({
      name: 'nameRequired',
      startDate: 'startDateRequired',
      endDate: 'endDateRequired',
      discount: 'discountRequired',
      targetItems: 'targetsRequired',
    });
  });

  it('rejects an end before the start', () => {
    expect(validateVoucher({ ...good, endDate: '2024-12-31' })).toEqual({
      endDate: 'endBeforeStart',
    });
    expect(
      validateVoucher({
        ...good,
        startDate: '2025-01-01T10:00:00Z',
        endDate: '2025-01-01T09:59:59Z',
      }),
    ).toEqual({ endDate: 'endBeforeStart' });
  });

  it('treats an unreadable date as missing', () => {
    expect(validateVoucher({ ...good, startDate: 'mañana' })).toEqual({
      startDate: 'startDateRequired',
    });
  });

  it('rejects negative values and a percentage over 100', () => {
    expect(validateVoucher({ ...good, percentage: -1, amount: 5 })).toEqual({
      percentage: 'percentageNegative',
    });
    expect(validateVoucher({ ...good, percentage: 0, amount: -5 })).toEqual({
      amount: 'amountNegative',
      discount: 'discountRequired',
    });
    expect(validateVoucher({ ...good, percentage: 100.5 })).toEqual({
      percentage: 'percentageOver100',
    });
    expect(validateVoucher({ ...good, percentage: '101' })).toEqual({
      percentage: 'percentageOver100',
    });
  });

  it('needs at least one discount above zero', () => {
    expect(validateVoucher({ ...good, percentage: 0, amount: 0 })).toEqual({
      discount: 'discountRequired',
    });
    expect(validateVoucher({ ...good, percentage: 'abc', amount: undefined })).toEqual({
      discount: 'discountRequired',
    });
  });

  it('needs a target', () => {
    expect(validateVoucher({ ...good, targetItems: null })).toEqual({
      targetItems: 'targetsRequired',
    });
  });
});

describe('validatePresential', () => {
  const text = (s: string) => ({ es: `${s} es`, en: `${s} en`, fr: `${s} fr` });
  const good: PresentialInput = {
    title: text('Taller'),
    description: text('Descripción'),
    location: text('Madrid'),
    dateType: 'single',
    singleDate: '2025-07-01',
  };

  it('accepts a complete single-date training', () => {
    expect(validatePresential(good)).toEqual({ errors: {}, missingLanguages: [] });
  });

  it('needs title, description and location in every language', () => {
    const result = validatePresential({
      ...good,
      title: { es: 'Taller', en: ' ', fr: 'Atelier' },
      description: { es: 'x', en: 'x', fr: '<p><br></p>' },
      location: { es: 'Madrid', en: 'Madrid' },
    });
    expect(result.errors).toEqual({
      'title.en': 'titleRequired',
      'description.fr': 'descriptionRequired',
      'location.fr': 'locationRequired',
    });
    expect(result.missingLanguages).toEqual(['en', 'fr']);
  });

  it('reports all languages, in order, for an empty form', () => {
    const result = validatePresential({ dateType: 'single' });
    expect(result.missingLanguages).toEqual(['es', 'en', 'fr']);
    expect(Object.keys(result.errors)).toHaveLength(10);
    expect(result.errors.singleDate).toBe('singleDateRequired');
  });

  it('needs the single date for dateType single', () => {
    expect(validatePresential({ ...good, singleDate: '' }).errors).toEqual({
      singleDate: 'singleDateRequired',
    });
  });

  it('checks the range for dateType range', () => {
    const range = { ...good, dateType: 'range' as const, singleDate: undefined };
    expect(
      validatePresential({ ...range, dateRange: { start: '2025-07-01', end: '2025-07-03' } })
        .errors,
    ).toEqual({});
    expect(
      validatePresential({ ...range, dateRange: { start: '2025-07-01', end: '2025-07-01' } })
        .errors,
    ).toEqual({});
    expect(validatePresential({ ...range, dateRange: null }).errors).toEqual({
      'dateRange.start': 'rangeStartRequired',
      'dateRange.end': 'rangeEndRequired',
    });
    expect(
      validatePresential({ ...range, dateRange: { start: '2025-07-03', end: '2025-07-01' } })
        .errors,
    ).toEqual({
      'dateRange.end': 'rangeEndBeforeStart',
    });
    expect(validatePresential({ ...range, dateRange: { end: '2025-07-01' } }).errors).toEqual({
      'dateRange.start': 'rangeStartRequired',
    });
  });
});

describe('validateCourse', () => {
  const good = {
    title: { es: 'Trapecio' },
    description: { es: '<p>Curso</p>' },
    price: 49.99,
    image: { es: 'https://img/x.jpg' },
  };

  it('accepts Spanish-only content and plain-string fields', () => {
    expect(validateCourse(good)).toEqual({});
    expect(
      validateCourse({ ...good, title: 'Trapecio', image: 'https://img/x.jpg', price: '10' }),
    ).toEqual({});
  });

  it('gives every key of an empty form', () => {
    expect(validateCourse({ title: { en: 'Trapeze' }, description: { es: '<p></p>' } })).toEqual({
      'title.es': 'titleEsRequired',
      'description.es': 'descriptionEsRequired',
      price: 'priceMustBePositive',
      'image.es': 'imageEsRequired',
    });
  });

  it.each([0, -5, '', 'abc', '0x10', Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects price %p',
    (price) => {
      expect(validateCourse({ ...good, price })).toEqual({ price: 'priceMustBePositive' });
    },
  );
});

describe('validateFormation', () => {
  const good = {
    title: { es: 'Formación' },
    description: { es: 'Programa' },
    price: 0,
    image: { es: 'https://img/f.jpg' },
  };

  it('accepts a price of 0 or more', () => {
    expect(validateFormation(good)).toEqual({});
    expect(validateFormation({ ...good, price: '120.50' })).toEqual({});
  });

  it('needs a price and a valid one', () => {
    expect(validateFormation({ ...good, price: '' })).toEqual({ price: 'priceRequired' });
    expect(validateFormation({ ...good, price: undefined })).toEqual({ price: 'priceRequired' });
    expect(validateFormation({ ...good, price: -1 })).toEqual({ price: 'priceInvalid' });
    expect(validateFormation({ ...good, price: 'doce' })).toEqual({ price: 'priceInvalid' });
  });

  it('needs Spanish title, description and image', () => {
    expect(validateFormation({ price: 10 })).toEqual({
      'title.es': 'titleEsRequired',
      'description.es': 'descriptionEsRequired',
      'image.es': 'imageEsRequired',
    });
  });
});

describe('validateModule and validateClass', () => {
  it('need the Spanish title and description (module)', () => {
    expect(validateModule({ title: { es: 'M1' }, description: { es: 'Intro' } })).toEqual({});
    expect(validateModule({ title: { es: '' }, description: {} })).toEqual({
      'title.es': 'titleEsRequired',
      'description.es': 'descriptionEsRequired',
    });
  });

  it('need the Spanish title and content (class)', () => {
    expect(
      validateClass({ title: { es: 'Clase 1' }, content: { es: '<p>Calentamiento</p>' } }),
    ).toEqual({});
    expect(validateClass({ title: { en: 'Class 1' }, content: { es: '<p><br></p>' } })).toEqual({
      'title.es': 'titleEsRequired',
      'content.es': 'contentEsRequired',
    });
  });
});

describe('ADMIN_MESSAGES', () => {
  it('keeps the spec texts', () => {
    expect(ADMIN_MESSAGES).toMatchObject({
      nameRequired: 'El nombre es obligatorio',
      endBeforeStart: 'La fecha de fin debe ser posterior a la de inicio',
      discountRequired: 'Debe ingresar al menos un descuento (% o monto)',
      targetsRequired: 'Debe seleccionar al menos un curso o formación',
      titleRequired: 'El título es obligatorio',
      descriptionRequired: 'La descripción es obligatoria',
      locationRequired: 'La ubicación es obligatoria',
      singleDateRequired: 'Debes seleccionar una fecha única',
      rangeStartRequired: 'La fecha de inicio es obligatoria',
      rangeEndRequired: 'La fecha de fin es obligatoria',
      rangeEndBeforeStart: 'La fecha final debe ser posterior a la inicial',
      titleEsRequired: 'El título en español es obligatorio',
      descriptionEsRequired: 'La descripción en español es obligatoria',
      contentEsRequired: 'El contenido en español es obligatorio',
      imageEsRequired: 'La imagen de presentación en español es obligatoria',
      priceMustBePositive: 'El precio debe ser un número mayor a cero',
      priceRequired: 'El precio es obligatorio',
      priceInvalid: 'El precio debe ser un número válido',
    });
    expect(ADMIN_MESSAGES.missingLanguages.startsWith('Falta completar la información en: ')).toBe(
      true,
    );
  });
});

describe('missingToShow / languagesMissingContent', () => {
  const spanishOnly = {
    title: { es: 'Telas', en: '', fr: null },
    description: { es: '<p>Sobre telas</p>', en: '<p><br></p>', fr: '' },
    image: { es: '/api/files/public/a.png', en: null, fr: null },
    content: { es: '<p>Contenido</p>', en: '  ', fr: '' },
  };

  it('a course or formation needs title, description (not only empty markup) and image', () => {
    expect(missingToShow('course', spanishOnly, 'es')).toEqual([]);
    expect(missingToShow('course', spanishOnly, 'en')).toEqual(['title', 'description', 'image']);
    expect(missingToShow('formation', { ...spanishOnly, title: { en: 'Silks' } }, 'en')).toEqual([
      'description',
      'image',
    ]);
  });

  it('a module needs title and description; a class title and content', () => {
    expect(missingToShow('module', { title: { fr: 'Module' } }, 'fr')).toEqual(['description']);
    expect(missingToShow('class', spanishOnly, 'en')).toEqual(['title', 'content']);
    expect(
      missingToShow('class', { title: { en: 'A' }, content: { en: '<img src=x>' } }, 'en'),
    ).toEqual([]);
  });

  it('a plain string counts for every language', () => {
    expect(missingToShow('course', { ...spanishOnly, image: 'a.png' }, 'en')).toEqual([
      'title',
      'description',
    ]);
  });

  it('lists the languages asked for that lack content, in es, en, fr order', () => {
    expect(languagesMissingContent('course', spanishOnly, ['fr', 'es', 'en'])).toEqual([
      'en',
      'fr',
    ]);
    expect(languagesMissingContent('course', spanishOnly, ['es'])).toEqual([]);
  });
});

describe('validatePlan', () => {
  const good = { name: { es: 'Todo el circo' }, price: 19, includes: 'all' as const };

  it('accepts a Spanish name, a price and everything or a list', () => {
    expect(validatePlan(good)).toEqual({});
    expect(validatePlan({ ...good, includes: [{ itemType: 'course', itemId: 'x' }] })).toEqual({});
  });

  it('gives every key of an empty form', () => {
    expect(validatePlan({ name: { en: 'All' }, includes: [] })).toEqual({
      'name.es': 'nameEsRequired',
      price: 'priceMustBePositive',
      includes: 'planItemsRequired',
    });
  });

  it.each([0, -1, 'abc'])('rejects price %p', (price) => {
    expect(validatePlan({ ...good, price })).toEqual({ price: 'priceMustBePositive' });
  });
});
