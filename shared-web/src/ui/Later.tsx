import {
  createElement,
  useEffect,
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
 * per task, in the order they rendered; a tap on a button of the copy (or a form sent from it) is
 * held and done again on the live element. Anywhere else (a page opened by a link, no first screen,
 * the server) the part renders at once. The wrapper is `display: contents`, so the layout is the
 * same with or without it.
 */
export function Later({ name, children }: { name: string; children: ReactNode }) {
  const [copy] = useState(() => serverCopy(name));
  const [live, setLive] = useState(copy === null);
  const wrapper = useRef<HTMLDivElement>(null);
  const held = useRef<{ kind: 'click' | 'submit'; path: number[] } | null>(null);
  useEffect(() => {
    if (!live) return inATaskOfItsOwn(() => setLive(true));
    const action = held.current;
    held.current = null;
    const el = action && wrapper.current && atPath(wrapper.current, action.path);
    if (action?.kind === 'submit' && el instanceof HTMLFormElement) el.requestSubmit();
    else if (action?.kind === 'click' && el instanceof HTMLElement) el.click();
    return undefined;
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
