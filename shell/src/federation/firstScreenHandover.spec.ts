import { holdFirstScreen } from './firstScreenHandover';

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
