import { useSyncExternalStore } from 'react';

// Testimonials per slide (spec section 9): 3, 2 at width <= 1024, 1 at width <= 768.
const NARROW = '(max-width: 768px)';
const MEDIUM = '(max-width: 1024px)';

function read(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 3;
  if (window.matchMedia(NARROW).matches) return 1;
  if (window.matchMedia(MEDIUM).matches) return 2;
  return 3;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const queries = [window.matchMedia(NARROW), window.matchMedia(MEDIUM)];
  for (const q of queries) q.addEventListener('change', onChange);
  return () => {
    for (const q of queries) q.removeEventListener('change', onChange);
  };
}

/** How many testimonials one slide of the carousel shows at the current width. */
export function useSlidesPerView(): number {
  return useSyncExternalStore(subscribe, read, () => 3);
}
