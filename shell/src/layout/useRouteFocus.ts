import { useEffect, useRef, useState, type RefObject } from 'react';

/** How long a page (a remote loading, then its data) may take to show its heading. */
const HEADING_WAIT_MS = 8000;

function focusQuietly(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.setAttribute('data-route-focus', '');
  el.focus({ preventScroll: true });
}

/**
 * After each change of page (not the first load), moves focus to the new page's `<h1>`, or to
 * `main` while the page has none yet (a remote still loading): a screen reader reads the new
 * page, and the next Tab starts inside it instead of in the header. Focus is never taken back
 * from something the user (or the page) focused in the meantime. Returns the text to announce in
 * a polite live region (the page's title) once the page is shown.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>, pathname: string): string {
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const ours = () =>
      document.activeElement === root ||
      document.activeElement === document.body ||
      document.activeElement === null;
    // what had focus (the clicked link) is usually gone or in the header: start from main
    const active = document.activeElement;
    if (!active || active === document.body || !root.contains(active)) focusQuietly(root);
    const settle = (): boolean => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (ours()) focusQuietly(heading);
      // the page writes its own title in an effect of its own: read it a moment later
      window.setTimeout(() => setAnnouncement(document.title), 300);
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [main, pathname]);

  return announcement;
}
