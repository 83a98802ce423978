import { FIRST_SCREEN_HOLD } from '@circo/shared-contracts';
import { holdFirstScreen } from './firstScreenHandover';
import { HOLD_SCRIPT } from './firstScreenHold';

const MARKUP =
  '<div><header><form role="search"><input aria-label="q" value=""><button>Go</button></form></header>' +
  '<main><button data-testid="add">Add</button><a href="/cursos">Cursos</a></main></div>';

/** The live page: the same markup, with handlers (as React's first commit puts it in place). */
function goLive(root: HTMLElement) {
  const seen: string[] = [];
  root.innerHTML = MARKUP;
  const input = root.querySelector('input')!;
  input.addEventListener('input', () => seen.push(`typed ${input.value}`));
  root.querySelector('form')!.addEventListener('submit', (e) => {
    e.preventDefault();
    seen.push(`search ${input.value}`);
  });
  root.querySelector('[data-testid="add"]')!.addEventListener('click', () => seen.push('add'));
  return seen;
}

function serverPage() {
  document.body.innerHTML = `<div id="root">${MARKUP}</div>`;
  return document.getElementById('root')!;
}

it('a search typed and sent on the first screen is sent by the live page, with its text', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  const input = root.querySelector('input')!;
  input.value = 'telas';
  let sent = false;
  document.addEventListener('submit', () => (sent = true));
  root.querySelector('form')!.requestSubmit();
  expect(sent).toBe(false); // held, not sent by the browser

  const handedOver = held.before();
  const seen = goLive(root);
  await handedOver;
  expect(seen).toEqual(['typed telas', 'search telas']);
});

it('a click on a button of the first screen is done again on the live button', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  (root.querySelector('[data-testid="add"]') as HTMLElement).click();
  const handedOver = held.before();
  const seen = goLive(root);
  await handedOver;
  expect(seen).toEqual(['add']);
});

it('goes on holding while React renders, until its commit takes the server markup away', async () => {
  for (const withScript of [false, true]) {
    const root = serverPage();
    if (withScript) new Function(HOLD_SCRIPT)();
    const handedOver = holdFirstScreen(root).before(); // React starts rendering (a transition)
    // a tap while it renders: nothing happens yet, and it is not lost
    (root.querySelector('[data-testid="add"]') as HTMLElement).click();
    root.querySelector('input')!.value = 'aro';
    await new Promise((r) => setTimeout(r, 30));
    const seen = goLive(root); // the commit
    await handedOver;
    expect({ withScript, seen }).toEqual({ withScript, seen: ['typed aro', 'add'] });
    delete (window as unknown as Record<string, unknown>)[FIRST_SCREEN_HOLD];
  }
});

it('keeps the focus (and the caret) in the field the visitor is typing in across the commit', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  const input = root.querySelector('input')!;
  input.focus();
  input.value = 'tel';
  input.setSelectionRange(3, 3);
  const handedOver = held.before();
  const seen = goLive(root);
  await Promise.resolve(); // the commit's microtask, before any other event
  // the next key goes into the live field, after what was typed
  const live = root.querySelector('input')!;
  expect(document.activeElement).toBe(live);
  expect([live.value, live.selectionStart]).toEqual(['tel', 3]);
  await handedOver;
  expect(seen).toEqual(['typed tel']);
});

it('does not take the focus back to a field the visitor left', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  const input = root.querySelector('input')!;
  input.focus();
  input.blur();
  await Promise.resolve();
  const handedOver = held.before();
  goLive(root);
  await handedOver;
  expect(document.activeElement).toBe(document.body);
});

it('does nothing when nothing was done, and nothing without a first screen', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  const handedOver = held.before();
  const seen = goLive(root);
  await handedOver;
  expect(seen).toEqual([]);
  document.body.innerHTML = '<div id="root"></div>';
  await expect(holdFirstScreen(document.getElementById('root')).before()).resolves.toBeUndefined();
});

describe("the inline hold script, before the shell's code runs", () => {
  /** Runs the script as the page's <head> does. */
  const runHoldScript = () => new Function(HOLD_SCRIPT)() as void;
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[FIRST_SCREEN_HOLD];
  });

  it('holds a click made before any bundle ran, and the live page gets it', async () => {
    const root = serverPage();
    runHoldScript();
    let reachedTheDocument = false;
    const onDocument = () => (reachedTheDocument = true);
    document.body.addEventListener('click', onDocument);
    (root.querySelector('[data-testid="add"]') as HTMLElement).click();
    document.body.removeEventListener('click', onDocument);
    expect(reachedTheDocument).toBe(false);

    const held = holdFirstScreen(root); // the shell's code arrives later
    const handedOver = held.before();
    const seen = goLive(root);
    await handedOver;
    expect(seen).toEqual(['add']);
  });

  it('a search sent before any bundle ran is sent by the live page, with its text', async () => {
    const root = serverPage();
    runHoldScript();
    root.querySelector('input')!.value = 'telas';
    root.querySelector('form')!.requestSubmit();
    const held = holdFirstScreen(root);
    const handedOver = held.before();
    const seen = goLive(root);
    await handedOver;
    expect(seen).toEqual(['typed telas', 'search telas']);
  });

  it('lets links and clicks outside buttons through, and stops holding once taken', async () => {
    const root = serverPage();
    runHoldScript();
    const link = root.querySelector('a')!;
    let linkClick: MouseEvent | null = null;
    document.addEventListener('click', (e) => (linkClick = e), { once: true });
    link.click();
    expect(linkClick!.defaultPrevented).toBe(false);

    const handedOver = holdFirstScreen(root).before();
    const seen = goLive(root);
    await handedOver;
    expect(seen).toEqual([]);
    // the live page's own buttons work as soon as it is there
    (root.querySelector('[data-testid="add"]') as HTMLElement).click();
    expect(seen).toEqual(['add']);
  });
});
