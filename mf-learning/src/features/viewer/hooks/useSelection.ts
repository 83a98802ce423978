import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The selected module and class, kept in the URL (?module=<id>&class=<id>): a deep link that
 * survives a reload and can be shared. Selecting a module clears the class.
 */
export function useSelection(): {
  moduleId: string | null;
  classId: string | null;
  /** `keepClass`: a link to a class alone gets its module without losing the class */
  selectModule: (id: string, keepClass?: boolean) => void;
  selectClass: (id: string) => void;
  /** a class and, in a formation, its module, in one step (the "continue" button) */
  goTo: (classId: string, moduleId?: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const moduleId = params.get('module');
  const classId = params.get('class');
  const selectModule = useCallback(
    (id: string, keepClass = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('module', id);
          if (!keepClass) next.delete('class');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const selectClass = useCallback(
    (id: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('class', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const goTo = useCallback(
    (id: string, module?: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (module) next.set('module', module);
          next.set('class', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { moduleId, classId, selectModule, selectClass, goTo };
}
