import { describe, expect, it } from '@jest/globals';
import type { CartItem, QuotedItem } from '@circo/shared-contracts';
import { cartLines, checkoutTotal, inLangOrEs } from './lines';

const course: CartItem = {
  _id: 'c1',
  type: 'course',
  title: { es: 'Telas aéreas', en: 'Aerial silks', fr: '' },
  image: { es: '/img/telas-es.jpg', en: '', fr: '' },
  price: 49.99,
  discount: { name: 'Bono de bienvenida', percentage: 20 },
};
const formation: CartItem = {
  _id: 'f1',
  type: 'formation',
  title: { es: 'Circo social', en: 'Social circus', fr: 'Cirque social' },
  image: { es: '', en: '', fr: '' },
  price: 300,
  discount: null,
};

describe('cartLines', () => {
  it('uses the image and title of the language, else Spanish, else a placeholder', () => {
    const [c, f] = cartLines([course, formation], 'fr');
    expect(c.title).toBe('Telas aéreas');
    expect(c.image).toBe('/img/telas-es.jpg');
    expect(f.title).toBe('Cirque social');
    expect(f.image).toBe('');
    expect(inLangOrEs('plain', 'en')).toBe('plain');
    expect(inLangOrEs(null, 'en')).toBe('');
  });

  it('shows the catalogue prices until the server has priced the payment', () => {
    const [c, f] = cartLines([course, formation], 'en');
    expect(c).toMatchObject({
      price: 39.99,
      listPrice: 49.99,
      discount: { name: 'Bono de bienvenida', percentage: 20, amount: 0 },
      accessEndsAt: null,
      alreadyOwned: false,
    });
    expect(f).toMatchObject({ price: 300, listPrice: 300, discount: null });
    expect(checkoutTotal([course, formation])).toBe(339.99);
  });

  it("then the server's prices, discount and access end, and what is already owned", () => {
    const quoted: QuotedItem = {
      id: 'c1',
      type: 'course',
      title: { es: 'Telas aéreas', en: 'Aerial silks (new title)', fr: '' },
      listPrice: 50,
      price: 45,
      discount: { name: 'Otro bono', percentage: 0, amount: 5 },
      accessEndsAt: '2027-11-15T10:00:00.000Z',
    };
    const quote = {
      items: [quoted],
      alreadyOwned: [{ id: 'f1', type: 'formation' as const }],
      amount: 45,
    };
    const [c, f] = cartLines([course, formation], 'en', quote);
    expect(c).toEqual({
      id: 'c1',
      type: 'course',
      title: 'Aerial silks (new title)',
      image: '/img/telas-es.jpg',
      price: 45,
      listPrice: 50,
      discount: { name: 'Otro bono', percentage: 0, amount: 5 },
      accessEndsAt: '2027-11-15T10:00:00.000Z',
      alreadyOwned: false,
    });
    expect(f.alreadyOwned).toBe(true);
    expect(checkoutTotal([course, formation], quote)).toBe(45);
  });

  it('does not show a discount that lowers nothing', () => {
    const [c] = cartLines([{ ...course, discount: { name: 'Nada', percentage: 0 } }], 'es');
    expect(c.discount).toBeNull();
    expect(c.price).toBe(49.99);
  });
});
