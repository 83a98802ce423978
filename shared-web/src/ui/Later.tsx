import {
  createElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';

/**
 * A part of a page below the fold whose components run a task after the rest when the shell's
 * first render takes over the server's first screen (shell/src/bootstrap.tsx): that render is one
 * synchronous pass, and on a slow phone one long task (what Lighthouse's Total Blocking Time
 * counts) is too long for a whole page. In that render the part keeps the server's elements (a copy
 * of them, with nothing to run); its own components replace them in a task of their own, one part
 * per task, in the order they rendered; what the visitor typed into the copy and the focus go
 * over to the live part, and a tap on a button of the copy (or a form sent from it) is held and
 * done again on the live element. Anywhere else (a page opened by a link, no first screen,
 * the server) the part renders at once. The wrapper is `display: contents`, so the layout is the
 * same with or without it.
 */
export function Later({ name, children }: { name: string; children: ReactNode }) {
  const [copy] = useState(() => serverCopy(name));
  const [live, setLive] = useState(copy === null);
  const wrapper = useRef<HTMLDivElement>(null);
  const held = useRef<{ kind: 'click' | 'submit'; path: number[] } | null>(null);
  const carried = useRef<Carried | null>(null);
  useEffect(() => {
    if (live) return undefined;
    return inATaskOfItsOwn(() => {
      // what the visitor typed into the copy, and where the focus is, go over to the live part
      carried.current = wrapper.current && carry(wrapper.current);
      setLive(true);
    });
  }, [live]);
  // in the same task as the live part's commit: no key can fall between
  useLayoutEffect(() => {
    const root = wrapper.current;
    if (!live || !root) return;
    if (carried.current) restore(root, carried.current);
    carried.current = null;
    const action = held.current;
    held.current = null;
    if (!action) return;
    // a task later: the live part has re-rendered with what was typed (a submit reads it)
    setTimeout(() => {
      const el = atPath(root, action.path);
      if (action.kind === 'submit' && el instanceof HTMLFormElement) el.requestSubmit();
      else if (action.kind === 'click' && el instanceof HTMLElement) el.click();
    }, 0);
  }, [live]);
  const hold = (kind: 'click' | 'submit') => (e: SyntheticEvent) => {
    const target = e.target as Element;
    const el = kind === 'click' ? target.closest('button, input[type="submit"]') : target;
    if (!el || !wrapper.current?.contains(el)) return;
    e.preventDefault();
    e.stopPropagation();
    held.current = { kind, path: pathOf(wrapper.current, el) };
  };
  return (
    <div
      ref={wrapper}
      className="later"
      data-later={name}
      data-later-pending={live ? undefined : ''}
      onClickCapture={live ? undefined : hold('click')}
      onSubmitCapture={live ? undefined : hold('submit')}
    >
      {live ? children : copy}
    </div>
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
interface Carried {
  typed: Array<{ path: number[]; tag: string; value: string }>;
  focus: { path: number[]; tag: string; start: number | null; end: number | null } | null;
}

function carry(root: Element): Carried {
  const typed = [...root.querySelectorAll<Field>('input, textarea, select')]
    .filter((f) =>
      f instanceof HTMLSelectElement
        ? [...f.options].some((o) => o.selected !== o.defaultSelected)
        : f.value !== f.defaultValue,
    )
    .map((f) => ({ path: pathOf(root, f), tag: f.tagName, value: f.value }));
  const active = document.activeElement;
  const focus =
    active && active !== root && root.contains(active)
      ? {
          path: pathOf(root, active),
          tag: active.tagName,
          start: 'selectionStart' in active ? (active as HTMLInputElement).selectionStart : null,
          end: 'selectionEnd' in active ? (active as HTMLInputElement).selectionEnd : null,
        }
      : null;
  return { typed, focus };
}

function restore(root: Element, { typed, focus }: Carried): void {
  for (const f of typed) {
    const el = atPath(root, f.path);
    if (el?.tagName !== f.tag) continue;
    // the way typing sets it, so the live field's onChange sees it
    const proto = Object.getPrototypeOf(el) as object;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, f.value);
    el.dispatchEvent(
      new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
  const el = focus && atPath(root, focus.path);
  if (!focus || !(el instanceof HTMLElement) || el.tagName !== focus.tag) return;
  const active = document.activeElement;
  if (active && active !== document.body && active !== el) return;
  el.focus();
  if (focus.start !== null && focus.end !== null && 'setSelectionRange' in el) {
    try {
      (el as HTMLInputElement).setSelectionRange(focus.start, focus.end);
    } catch {
      // a field type without a selection (email, number): the focus is enough
    }
  }
}

function pathOf(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement?.children ?? [], node) as number);
  }
  return path;
}

function atPath(root: Element, path: number[]): Element | null {
  let node: Element | null = root;
  for (const i of path) node = node?.children[i] ?? null;
  return node;
}

/** The server's elements of the part, as elements that render them again, while the shell takes over. */
function serverCopy(name: string): ReactNode[] | null {
  if (typeof document === 'undefined') return null;
  // the shell marks the root once its first render is done
  if (document.getElementById('root')?.hasAttribute('data-live')) return null;
  const el = document.querySelector(`[data-later="${CSS.escape(name)}"]`);
  if (!el?.hasChildNodes()) return null;
  return [...el.childNodes].map(copyOf);
}

function copyOf(node: ChildNode, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue;
  if (!(node instanceof Element)) return null;
  const props: Record<string, unknown> = { key };
  for (const { name, value } of node.attributes) props[name] = value;
  return createElement(node.localName, props, ...[...node.childNodes].map(copyOf));
}

/** The parts waiting for their task, first rendered first. */
const queue: Array<() => void> = [];

/** Runs `run` in a later task, after the ones queued before it; the returned function cancels it. */
function inATaskOfItsOwn(run: () => void): () => void {
  queue.push(run);
  if (queue.length === 1) nextTask(runNext);
  return () => {
    const i = queue.indexOf(run);
    if (i > 0) queue.splice(i, 1);
    else if (i === 0) queue[0] = () => {};
  };
}

function runNext(): void {
  queue[0]?.();
  queue.shift();
  if (queue.length > 0) nextTask(runNext);
}

/** A new task: `scheduler.postTask` where the browser has it (ahead of rendering work), else a timer. */
function nextTask(run: () => void): void {
  const scheduler = (globalThis as { scheduler?: { postTask?(cb: () => void): Promise<void> } })
    .scheduler;
  if (scheduler?.postTask) void scheduler.postTask(run);
  else setTimeout(run, 0);
}
