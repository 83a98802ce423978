import {
  FIRST_SCREEN_HOLD,
  type FirstScreenHold,
  type HeldFirstScreenAction,
} from '@circo/shared-contracts';
// bundled into the shell itself: the start's own code, not the shared singleton's API
import {
  atPath,
  isTyped,
  pathOf,
  typeInto,
  typedFields,
  type Field,
} from '@circo/shared-web/src/ui/carryOver';

/**
 * The server's first screen (api/src/web/first-screen.ts) is on view, clickable and typeable, for
 * the moment the shell waits for the page's remote; the shell's first render then makes it the live
 * page (the same markup: it reuses the server's elements, see bootstrap.tsx). What the visitor did on it in between is not lost: text typed into a field goes
 * into the same field of the live page, and a click on a button or a form submission is held and
 * done again on the same element once the page is live (links keep navigating: the server renders
 * every public address). The first screen and React's page are the same markup, so an element is
 * found again by its position under the root. The page's inline hold script (firstScreenHold.ts)
 * holds what happens before this code runs; from here on it goes on holding, and the action is
 * taken from it.
 */

type Held = HeldFirstScreenAction;

/** How long the live page may take to show the element a held action was on. */
const REPLAY_WITHIN_MS = 5_000;

/** The shell's first render, and what was done on the first screen done again after it. */
export interface FirstScreenHandOver {
  around(render: () => void): Promise<void>;
}

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 16));

/**
 * Starts holding what happens on the server's markup in `root` (none: a no-op). The shell's first
 * render goes through `around(render)`: what the visitor did is read just before `render` (which
 * renders the live page over the server's markup, reusing its elements) and done on the live page
 * right after it; the promise settles once it is done.
 */
export function holdFirstScreen(root: HTMLElement | null): FirstScreenHandOver {
  if (!root?.firstElementChild) {
    return {
      around: (render) => {
        render();
        return Promise.resolve();
      },
    };
  }
  const serverMarkup = root.firstElementChild;
  const markupIndex = Array.prototype.indexOf.call(root.children, serverMarkup) as number;
  // the page's inline script holds from the start; without it (an older page), this code does
  const early = (window as unknown as Record<string, FirstScreenHold | undefined>)[
    FIRST_SCREEN_HOLD
  ];
  let held: Held | null = null;
  const hold = (kind: Held['kind'], el: Element, e: Event) => {
    e.preventDefault();
    e.stopPropagation();
    held = { kind, path: pathOf(root, el), tag: el.tagName };
  };
  const onClick = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest('button, input[type="submit"]');
    if (el && serverMarkup.contains(el)) hold('click', el, e);
  };
  const onSubmit = (e: SubmitEvent) => {
    if (serverMarkup.contains(e.target as Node)) hold('submit', e.target as Element, e);
  };
  if (!early) {
    root.addEventListener('click', onClick, true);
    root.addEventListener('submit', onSubmit, true);
  }
  // the field the visitor is in: the live page's goes on taking the keys (a commit in the middle
  // of typing would otherwise leave the focus nowhere, and the next keys with it)
  let focused: Element | null = serverMarkup.contains(document.activeElement)
    ? document.activeElement
    : null;
  const onFocusIn = (e: FocusEvent) => {
    if (serverMarkup.contains(e.target as Node)) focused = e.target as Element;
  };
  // leaving the field (the server's markup still there: not its removal) forgets it
  const onFocusOut = () =>
    queueMicrotask(() => {
      if (serverMarkup.isConnected && !serverMarkup.contains(document.activeElement))
        focused = null;
    });
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);

  /** Stops holding and reads what the visitor did on the server's markup. */
  const takeSnapshot = () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('submit', onSubmit, true);
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('focusout', onFocusOut);
    const action = early ? early.take() : held;
    // what was typed, by field (read before the render, which may reset a field it reuses)
    const typed = typedFields(serverMarkup).map((f) => ({
      path: [markupIndex, ...pathOf(serverMarkup, f)],
      tag: f.tagName,
      value: f.value,
    }));
    const focus = focused && {
      path: [markupIndex, ...pathOf(serverMarkup, focused)],
      tag: focused.tagName,
      selection:
        focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement
          ? ([focused.selectionStart, focused.selectionEnd] as const)
          : null,
    };
    return { action, typed, focus };
  };

  /** Does on the live page what was done on the server's markup. */
  const replay = async ({ action, typed, focus }: ReturnType<typeof takeSnapshot>) => {
    if (typed.length === 0 && !action && !focus) return;
    const deadline = Date.now() + REPLAY_WITHIN_MS;
    // an element of a part that renders a task later (shared-web's Later) is live once it has
    const live = (path: number[], tag: string) => {
      const el = atPath(root, path);
      return el?.tagName === tag && !el.closest('[data-later-pending]') ? el : null;
    };
    const pending = [...typed];
    let toFocus = focus;
    // the live page may show an element a moment after its first commit (a lazy part)
    for (let first = true; Date.now() < deadline; first = false) {
      if (!first) await nextFrame();
      for (const f of [...pending]) {
        const el = live(f.path, f.tag) as Field | null;
        if (!el) continue;
        // unless the field holds what the visitor typed since (a part that went live later
        // carried it over): the newer text stays
        if (!isTyped(el) || el.value === f.value) typeInto(el, f.value);
        pending.splice(pending.indexOf(f), 1);
      }
      if (toFocus) {
        const el = live(toFocus.path, toFocus.tag) as HTMLElement | null;
        // unless the visitor (or the page) has put the focus somewhere since; a field the live
        // page reused keeps it, and gets its caret back (setting its value moved it)
        const active = document.activeElement;
        if (el && (active === el || active === document.body || !active)) {
          if (active !== el) el.focus();
          const [start, end] = toFocus.selection ?? [null, null];
          if (start !== null && end !== null && 'setSelectionRange' in el) {
            try {
              (el as HTMLInputElement).setSelectionRange(start, end);
            } catch {
              // a field type without a selection (email, number): the focus is enough
            }
          }
        }
        if (el) toFocus = null;
      }
      if (pending.length > 0 || toFocus) continue;
      if (!action) return;
      // what was typed re-renders the live page first: a submit reads the page's state, which
      // Preact updates after the input events (a render it defers), not the field itself
      if (typed.length > 0) await nextFrame();
      const el = live(action.path, action.tag);
      if (!el) continue;
      if (action.kind === 'submit') (el as HTMLFormElement).requestSubmit();
      else (el as HTMLElement).click();
      return;
    }
  };

  return {
    around(render) {
      const snapshot = takeSnapshot();
      render();
      return replay(snapshot);
    },
  };
}
