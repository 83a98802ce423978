import { useEffect } from 'react';

/**
 * Marks the root element (`data-live`) once the page's own part is hydrated or rendered: its
 * effects run only then, so its handlers are attached. What the journeys wait for before they do
 * what needs the page's code (a button that is not a form or a link).
 */
export function LiveMark() {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-live', '');
  }, []);
  return null;
}
