import type { CartItem } from '@circo/shared-contracts';
import { useCartStore } from './cartStore';

const item = (id: string): CartItem => ({
  _id: id,
  type: 'course',
  title: { es: `Curso ${id}`, en: `Course ${id}`, fr: '' },
  image: { es: '', en: '', fr: '' },
  price: 30,
  discount: null,
});

const stored = () =>
  (JSON.parse(localStorage.getItem('cart') ?? 'null') as { state: { items: CartItem[] } } | null)
    ?.state.items;

beforeEach(() => useCartStore.setState({ items: [] }));

describe('cart store', () => {
  it('keeps its lines in localStorage `cart`, each item once', () => {
    expect(useCartStore.getState().add(item('a'))).toBe(true);
    expect(useCartStore.getState().add(item('a'))).toBe(false);
    expect(useCartStore.getState().add(item('b'))).toBe(true);
    expect(stored()?.map((i) => i._id)).toEqual(['a', 'b']);

    useCartStore.getState().remove('a');
    expect(stored()?.map((i) => i._id)).toEqual(['b']);
    expect(useCartStore.getState().has('b')).toBe(true);

    useCartStore.getState().clear();
    expect(stored()).toEqual([]);
  });

  it('comes back from localStorage on the next page load', async () => {
    localStorage.setItem('cart', JSON.stringify({ state: { items: [item('x')] }, version: 0 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items.map((i) => i._id)).toEqual(['x']);
  });
});
