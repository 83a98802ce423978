/**
 * Finding an element of the server's first screen again on the live page, and carrying what the
 * visitor typed over to it: the live page renders the same markup, so an element is known by its
 * position under a common root. Used by the shell's hand-over of the first screen
 * (shell/src/federation/firstScreenHandover.ts, which imports this file itself: it is not part of
 * shared-web's shared API) and by the parts that go live a task later (Later.tsx).
 */

export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The index of each element on the way from `root` down to `el` (empty: `el` is not under it). */
export function pathOf(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    const parent: Element | null = node.parentElement;
    if (!parent) return [];
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
  }
  return path;
}

/** The element at `path` under `root` (see pathOf), if there is one. */
export function atPath(root: Element, path: number[]): Element | null {
  let node: Element | null = root;
  for (const i of path) node = node?.children[i] ?? null;
  return node;
}

/** Sets a field's value the way typing does, so the live page's onChange sees it. */
export function typeInto(field: Field, value: string): void {
  const proto = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

/** Whether the visitor has typed into (or chosen in) the field: its value is not the markup's. */
export function isTyped(f: Field): boolean {
  return f instanceof HTMLSelectElement
    ? [...f.options].some((o) => o.selected !== o.defaultSelected)
    : f.value !== f.defaultValue;
}

/** The fields under `root` the visitor has typed into (or chosen in). */
export function typedFields(root: Element): Field[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')].filter(isTyped);
}
