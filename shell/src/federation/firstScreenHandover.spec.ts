import { FIRST_SCREEN_HOLD } from '@circo/shared-contracts';
import { holdFirstScreen } from './firstScreenHandover';
import { HOLD_SCRIPT } from './firstScreenHold';

const MARKUP =
  '<div><header><form role="search"><input aria-label="q" value=""><button>Go</button></form></header>' +
  '<main><button data-testid="add">Add</button><a href="/cursos">Cursos</a></main></div>';

/** The live page: the same markup, with handlers (as a render that replaces the markup puts it). */
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

  let seen: string[] = [];
  await held.around(() => (seen = goLive(root)));
  expect(seen).toEqual(['typed telas', 'search telas']);
});

it('text typed since into a field of a part that went live later is not overwritten', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  const input = root.querySelector('input')!;
  input.value = '   ';
  root.querySelector('form')!.requestSubmit();

  let seen: string[] = [];
  const done = held.around(() => {
    seen = goLive(root);
    // the header is a part that goes live a task later (shared-web's Later)
    root.querySelector('header')!.setAttribute('data-later-pending', '');
  });
  await new Promise((r) => setTimeout(r, 40));
  // meanwhile the visitor typed on: the part carries the newer text over as it goes live
  const live = root.querySelector('input')!;
  live.value = 'telas';
  root.querySelector('header')!.removeAttribute('data-later-pending');
  await done;
  expect(live.value).toBe('telas');
  expect(seen).toEqual(['search telas']);
});

it('a click on a button of the first screen is done again on the live button', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  (root.querySelector('[data-testid="add"]') as HTMLElement).click();
  let seen: string[] = [];
  await held.around(() => (seen = goLive(root)));
  expect(seen).toEqual(['add']);
});

it('goes on holding until the live page renders', async () => {
  for (const withScript of [false, true]) {
    const root = serverPage();
    if (withScript) new Function(HOLD_SCRIPT)();
    const held = holdFirstScreen(root);
    // a tap while the shell waits for the page's remote: nothing happens yet, and it is not lost
    await new Promise((r) => setTimeout(r, 30));
    (root.querySelector('[data-testid="add"]') as HTMLElement).click();
    root.querySelector('input')!.value = 'aro';
    let seen: string[] = [];
    await held.around(() => (seen = goLive(root)));
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
  let seen: string[] = [];
  const handedOver = held.around(() => (seen = goLive(root)));
  // at once, before any other event: the next key goes into the live field, after what was typed
  const live = root.querySelector('input')!;
  expect(document.activeElement).toBe(live);
  expect([live.value, live.selectionStart]).toEqual(['tel', 3]);
  await handedOver;
  expect(seen).toEqual(['typed tel']);
});

it('a render that reuses the server elements keeps what was typed, the focus, the caret and the tap', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  const input = root.querySelector('input')!;
  const add = root.querySelector('[data-testid="add"]') as HTMLElement;
  input.focus();
  input.value = 'tela';
  input.setSelectionRange(2, 2);
  add.click();
  const seen: string[] = [];
  // Preact's render over the server's markup: the same elements get their handlers, and a
  // controlled field is set to its state (empty) in the same pass
  await held.around(() => {
    input.value = '';
    input.addEventListener('input', () => seen.push(`typed ${input.value}`));
    add.addEventListener('click', () => seen.push('add'));
  });
  expect(seen).toEqual(['typed tela', 'add']);
  expect([root.querySelector('input'), document.activeElement]).toEqual([input, input]);
  expect([input.value, input.selectionStart]).toEqual(['tela', 2]);
});

it('does not take the focus back to a field the visitor left', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  const input = root.querySelector('input')!;
  input.focus();
  input.blur();
  await Promise.resolve();
  await held.around(() => goLive(root));
  expect(document.activeElement).toBe(document.body);
});

it('does nothing when nothing was done, and nothing without a first screen', async () => {
  const root = serverPage();
  const held = holdFirstScreen(root);
  let seen: string[] = [];
  await held.around(() => (seen = goLive(root)));
  expect(seen).toEqual([]);
  document.body.innerHTML = '<div id="root"></div>';
  let rendered = false;
  await expect(
    holdFirstScreen(document.getElementById('root')).around(() => (rendered = true)),
  ).resolves.toBeUndefined();
  expect(rendered).toBe(true);
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
    let seen: string[] = [];
    await held.around(() => (seen = goLive(root)));
    expect(seen).toEqual(['add']);
  });

  it('a search sent before any bundle ran is sent by the live page, with its text', async () => {
    const root = serverPage();
    runHoldScript();
    root.querySelector('input')!.value = 'telas';
    root.querySelector('form')!.requestSubmit();
    const held = holdFirstScreen(root);
    let seen: string[] = [];
    await held.around(() => (seen = goLive(root)));
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

    let seen: string[] = [];
    await holdFirstScreen(root).around(() => (seen = goLive(root)));
    expect(seen).toEqual([]);
    // the live page's own buttons work as soon as it is there
    (root.querySelector('[data-testid="add"]') as HTMLElement).click();
    expect(seen).toEqual(['add']);
  });
});
