// The add-to-cart confirmation with the real cart store and React's form actions; nothing of
// ours stands in. What holds the action's transition here is a part of the page that is still
// on its way (a component waiting for its code), as on a page tapped before it was hydrated.
import { jest } from '@jest/globals';
import { Suspense, use, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import type { CartItem } from '@circo/shared-contracts';
import { useCartStore } from '@circo/shared-web';
import { gate } from '../../../../../shared-web/test/fakeApi';
import { CONFIRMATION_MS, useAddToCart } from './useAddToCart';

const ITEM: CartItem = {
  _id: 'c1',
  type: 'course',
  title: { es: 'Malabares', en: 'Juggling', fr: 'Jonglerie' },
  image: { es: '', en: '', fr: '' },
  price: 40,
  discount: null,
};

function Later({ code }: { code: Promise<string> }) {
  return <p>{use(code)}</p>;
}

/** A price card's form, and beside it a part that the same transition shows once its code is in. */
function Card({ code }: { code: Promise<string> }) {
  const { add, feedback } = useAddToCart();
  const [more, setMore] = useState(false);
  return (
    <>
      <form
        action={() => {
          setMore(true);
          add(ITEM);
        }}
      >
        <button type="submit">add</button>
      </form>
      <p role="status">{feedback ?? ''}</p>
      <Suspense fallback={<p>…</p>}>{more && <Later code={code} />}</Suspense>
    </>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  useCartStore.setState({ items: [] });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the add-to-cart confirmation', () => {
  it('shows for 2 seconds from when it is on screen, even when the tap was held longer than that', async () => {
    const code = gate<string>();
    render(<Card code={code.promise} />);
    await act(async () => screen.getByRole('button', { name: 'add' }).click());
    // the transition waits for the part on its way: the line is in the cart, nothing shown yet
    expect(useCartStore.getState().items.map((i) => i._id)).toEqual(['c1']);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await act(async () => jest.advanceTimersByTime(CONFIRMATION_MS + 500));
    // the code comes: the confirmation shows, and stays its 2 seconds
    await act(async () => code.open('more'));
    expect(screen.getByText('more')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('added');
    await act(async () => jest.advanceTimersByTime(CONFIRMATION_MS - 100));
    expect(screen.getByRole('status')).toHaveTextContent('added');
    await act(async () => jest.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('a second tap says the course is in the cart already, for its own 2 seconds', async () => {
    const code = gate<string>();
    code.open('more');
    render(<Card code={code.promise} />);
    const button = screen.getByRole('button', { name: 'add' });
    await act(async () => button.click());
    expect(screen.getByRole('status')).toHaveTextContent('added');
    await act(async () => jest.advanceTimersByTime(CONFIRMATION_MS - 500));
    await act(async () => button.click());
    expect(screen.getByRole('status')).toHaveTextContent('already');
    await act(async () => jest.advanceTimersByTime(CONFIRMATION_MS - 100));
    expect(screen.getByRole('status')).toHaveTextContent('already');
    await act(async () => jest.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(useCartStore.getState().items).toHaveLength(1);
  });
});
