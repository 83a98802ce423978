import {
  createElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { atPath, pathOf, typeInto, typedFields, type Field } from './carryOver';

/**
 * A part of a page (the shell's header and footer, the page itself, a part below the fold) whose
 * components run a task after the rest when the shell's first render takes over the server's
 * first screen (shell/src/bootstrap.tsx): that render is one synchronous pass, and on a slow phone
 * one long task (what Lighthouse's Total Blocking Time counts) is too long for a whole page. In
 * that render the part keeps the server's elements as they are: the render neither builds nor
 * compares anything inside them. A task later, one part per task in the order they rendered, its
 * own components take those elements over (or build them anew where the react is not Preact);
 * what the visitor typed and the focus stay, and a tap on a button or link there (or a form sent
 * from it) meanwhile is held and done again on the live element once it is there (doAgain; a
 * link leads where it led: followAgain). Anywhere else (a page opened by a link, no first
 * screen, the server) the part renders at once. The wrapper is `display: contents`, so the
 * layout is the same with or without it.
 */
export function Later(
  { name, children }: { name: string; children: ReactNode },
  // Preact hands a function component the context of its place in the tree
  context?: unknown,
) {
  const [server] = useState(() => serverMarkup(name));
  const [live, setLive] = useState(server === null);
  // the server's elements become the live part's (a render of their own over them, see ownRender)
  const [own] = useState(() => server !== null && ownRender !== null);
  const wrapper = useRef<HTMLDivElement>(null);
  const held = useRef<Held | null>(null);
  const carried = useRef<Carried | null>(null);
  useEffect(() => {
    if (live) return undefined;
    return inATaskOfItsOwn(() => {
      // what the visitor typed, and where the focus is, go over to the live part
      carried.current = wrapper.current && carry(wrapper.current);
      setLive(true);
    });
  }, [live]);
  useLayoutEffect(() => {
    const el = wrapper.current;
    el?.removeAttributeNS(null, KEEP_SERVER_CHILDREN);
    return own && el ? () => ownRender!(null, el) : undefined;
  }, [own]);
  // the live part, rendered over the server's elements, again on every render of this one
  useLayoutEffect(() => {
    if (own && live && wrapper.current)
      ownRender!(
        createElement(PassContext, { context, children: <Part>{children}</Part> }),
        wrapper.current,
      );
  });
  // in the same task as the live part's commit: no key can fall between
  useLayoutEffect(() => {
    const root = wrapper.current;
    if (!live || !root) return;
    if (carried.current) restore(root, carried.current);
    carried.current = null;
    const action = held.current;
    held.current = null;
    // a task later: the live part has re-rendered with what was typed (a submit reads it)
    return action ? doAgain(root, action) : undefined;
  }, [live]);
  const hold = (kind: 'click' | 'submit') => (e: SyntheticEvent) => {
    const target = e.target as Element;
    const el = kind === 'click' ? target.closest('button, input[type="submit"], a[href]') : target;
    if (!el || !wrapper.current?.contains(el)) return;
    // a link opened elsewhere (a new tab or window, a download) is the browser's to follow; one
    // followed here waits for the live link, which changes the page without loading it again
    const click = e as unknown as MouseEvent;
    if (
      el instanceof HTMLAnchorElement &&
      (click.button !== 0 ||
        click.ctrlKey ||
        click.metaKey ||
        click.shiftKey ||
        click.altKey ||
        (el.target !== '' && el.target !== '_self') ||
        el.hasAttribute('download'))
    )
      return;
    e.preventDefault();
    e.stopPropagation();
    held.current = {
      kind,
      path: pathOf(wrapper.current, el),
      tag: el.tagName,
      className: el.className,
      href: el instanceof HTMLAnchorElement ? el.getAttribute('href')! : undefined,
    };
  };
  return (
    <div
      ref={wrapper}
      className="later"
      data-later={name}
      data-later-pending={live ? undefined : ''}
      onClickCapture={live ? undefined : hold('click')}
      onSubmitCapture={live ? undefined : hold('submit')}
      {...(live && !own
        ? { children: <Part>{children}</Part> }
        : { dangerouslySetInnerHTML: server! })}
    />
  );
}

/**
 * The part's one element inside the wrapper: a render over the server's elements removes those it
 * does not use inside an element only, so the part's own render starts at one (a page in another
 * language than the server's, or with other data, leaves nothing of the server's behind).
 */
function Part({ children }: { children: ReactNode }) {
  return <div className="later__part">{children}</div>;
}

/**
 * Preact's own `render`, which renders into an element over the elements already in it, reusing
 * them (compat's empties the element first). Taken from the Preact the shared react runs on,
 * without loading anything (a weak import; the shell's start has loaded it): none (a react that
 * is not Preact) leaves the live part to build its elements anew.
 */
type Render = (vnode: unknown, parent: Element) => void;
let ownRender: Render | null = null;
void import(/* webpackMode: "weak" */ 'preact')
  .then((preact) => (ownRender = preact.render as unknown as Render))
  .catch(() => undefined);

/** The context of the part's place in the page, for the components of its own render (a portal's way). */
function PassContext(
  this: { getChildContext?: () => unknown },
  { context, children }: { context: unknown; children: ReactNode },
) {
  this.getChildContext = () => context;
  return children;
}

/** A tap or a form sent on the server's elements, held until the part is live. */
interface Held {
  kind: 'click' | 'submit';
  /** Where, under the wrapper; and what, to know the live element again. */
  path: number[];
  tag: string;
  className: string;
  /** A link's address, as written. */
  href?: string;
}

/**
 * How long a held tap waits for its element on the live part: a part whose data comes after its
 * first render (the page in the visitor's language where the server sent another) shows it a
 * moment later.
 */
const DO_AGAIN_WITHIN_MS = 5_000;

/**
 * Does the held action again on the live part, once its element is there (enabled): at the same
 * place with the same tag and class, or else the one element of the part with that tag and class
 * (something above it came or went). Not at all if the visitor does something else first, or the
 * element does not come in time. Returns the function that stops waiting. A link: see followAgain.
 */
function doAgain(root: Element, action: Held): () => void {
  if (action.href !== undefined) return followAgain(root, action.href);
  const same = (el: Element | null) =>
    el?.tagName === action.tag && el.className === action.className ? el : null;
  const find = () => {
    let el = same(atPath(root, action.path));
    if (!el && action.className) {
      const all = [...root.querySelectorAll(action.tag)].filter((e) => same(e));
      el = all.length === 1 ? all[0]! : null;
    }
    return el && !(el as HTMLButtonElement).disabled ? el : null;
  };
  const attempt = () => {
    const el = find();
    if (!el) return;
    stop();
    if (action.kind === 'submit' && el instanceof HTMLFormElement) el.requestSubmit();
    else if (action.kind === 'click' && el instanceof HTMLElement) el.click();
  };
  const observer = new MutationObserver(attempt);
  const timer = setTimeout(() => {
    observer.observe(root, { childList: true, subtree: true, attributes: true });
    attempt();
  }, 0);
  const giveUp = setTimeout(() => stop(), DO_AGAIN_WITHIN_MS);
  // the visitor moved on: a tap from before must not land later
  const onAct = () => stop();
  document.addEventListener('pointerdown', onAct, true);
  document.addEventListener('keydown', onAct, true);
  function stop() {
    clearTimeout(timer);
    clearTimeout(giveUp);
    observer.disconnect();
    document.removeEventListener('pointerdown', onAct, true);
    document.removeEventListener('keydown', onAct, true);
  }
  return stop;
}

/**
 * Follows a held link on the live part: the live link to the same address, which changes the page
 * without loading it again, or else (a list in another order or language than the server's: the
 * link at the same place may lead elsewhere) the address the visitor tapped, as the browser would
 * have. Returns the function that cancels it.
 */
function followAgain(root: Element, href: string): () => void {
  const timer = setTimeout(() => {
    const live = [...root.querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === href);
    if (live instanceof HTMLElement) live.click();
    else window.location.assign(href);
  }, 0);
  return () => clearTimeout(timer);
}

interface Carried {
  typed: Array<{ path: number[]; tag: string; value: string }>;
  focus: { path: number[]; tag: string; start: number | null; end: number | null } | null;
}

function carry(root: Element): Carried {
  const typed = typedFields(root).map((f) => ({
    path: pathOf(root, f),
    tag: f.tagName,
    value: f.value,
  }));
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
    typeInto(el as Field, f.value);
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

/**
 * The name of an attribute that makes Preact's first render leave the server's elements of a
 * pending part in place. That render reuses the server's elements and reads each one's attributes
 * as its previous props; a pending part renders as its own markup (`dangerouslySetInnerHTML`,
 * the same text as the element's `innerHTML`), which Preact writes again unless the previous
 * props had that prop too. So the server's wrapper gets it as an attribute (its name's case kept
 * by setAttributeNS): Preact compares the markup, finds it the same, and leaves the elements (what
 * was typed and the focus included) alone, with nothing built or compared inside them. Removed once
 * the part has mounted.
 */
const KEEP_SERVER_CHILDREN = 'dangerouslySetInnerHTML';

/**
 * The server's markup of each part (nested parts included), read when the shell's first render
 * starts: a part inside another renders only once that one goes live, and then finds its markup
 * here. Each is taken once, and only on the address the server sent it for: a page opened later
 * by a link renders its parts at once.
 */
let serverParts: Map<string, string> | null = null;
/** The root element whose parts were read (a test renders many), and the address. */
let readFrom: Element | null = null;
let readAt = '';
const address = () => window.location.pathname + window.location.search;

/** The server's markup of the part, while the shell's first render takes over the first screen. */
function serverMarkup(name: string): { __html: string } | null {
  if (typeof document === 'undefined') return null;
  const root = document.getElementById('root');
  // the shell marks the root once its first render is done
  if (root && root !== readFrom && !root.hasAttribute('data-live')) {
    readFrom = root;
    readAt = address();
    serverParts = new Map();
    const parts = [...root.querySelectorAll<HTMLElement>('[data-later]')].filter(
      (el) => el.dataset.later && el.hasChildNodes(),
    );
    // all marked first: a part's markup holds its inner parts as Preact will find them
    for (const el of parts) el.setAttributeNS(null, KEEP_SERVER_CHILDREN, '1');
    for (const el of parts) serverParts.set(el.dataset.later!, el.innerHTML);
  }
  const html = serverParts?.get(name);
  if (html === undefined || address() !== readAt) return null;
  serverParts!.delete(name);
  return { __html: html };
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
