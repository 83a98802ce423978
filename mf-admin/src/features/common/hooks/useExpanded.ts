import { useState } from 'react';

/** Which rows of a tree are open: toggle one, or open one (after adding a child to it). */
export function useExpanded() {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  return {
    isOpen: (id: string) => open.has(id),
    toggle: (id: string) =>
      setOpen((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    expand: (id: string) => setOpen((s) => new Set(s).add(id)),
  };
}
