import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the section named in the address (/formaciones#escuelas). The router does not do it,
 * and the shell scrolls to the top on a path change, so the page does it once its content is
 * laid out (`ready` changes as the lists arrive, moving the target).
 */
export function useScrollToHash(ready: unknown): void {
  // `key` changes on every navigation: a click on the anchor already in the address scrolls again
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key, ready]);
}
