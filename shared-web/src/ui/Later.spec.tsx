import { render } from 'preact';
import { useState } from 'react';
import { act } from '@testing-library/react';
import { Later } from './Later';

// a task later, after the effects (Preact runs them after a frame or 35 ms)
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 40));

let renders = 0;
function Part({ label }: { label: string }) {
  renders++;
  const [n, setN] = useState(0);
  return (
    <p className="part">
      <button type="button" onClick={() => setN(n + 1)}>
        {label}
      </button>
      <span data-testid="count">{n}</span>
    </p>
  );
}

const SERVER =
  '<main><h1>Título</h1><div class="later" data-later="more"><p class="part">' +
  '<button type="button">Más</button><span data-testid="count">0</span></p></div></main>';

function page() {
  return (
    <main>
      <h1>Título</h1>
      <Later name="more">
        <Part label="Más" />
      </Later>
    </main>
  );
}

beforeEach(() => {
  renders = 0;
  document.body.innerHTML = '<div id="root"></div>';
});

it('renders its part at once without a first screen (a page opened by a link, the server)', () => {
  const root = document.getElementById('root')!;
  act(() => render(page(), root));
  expect(renders).toBe(1);
  expect(root.querySelector('[data-later-pending]')).toBeNull();
});

it("keeps the server's elements while the shell takes over, and renders its part a task later", async () => {
  const root = document.getElementById('root')!;
  root.innerHTML = SERVER;
  const serverButton = root.querySelector('button')!;
  // the shell's first render over the server's markup (Preact reuses its elements)
  render(page(), root);
  root.dataset.live = '';
  expect(renders).toBe(0);
  // the same elements, untouched, on screen
  expect(root.querySelector('button')).toBe(serverButton);
  expect(root.innerHTML).toContain('<span data-testid="count">0</span>');
  // a tap on the copy is held, then done on the live part
  serverButton.click();
  await act(async () => {
    await nextTask();
    await nextTask();
    await nextTask();
  });
  // the held tap, a task after the part's commit
  await act(() => nextTask());
  expect(renders).toBeGreaterThan(0);
  expect(root.querySelector('[data-later-pending]')).toBeNull();
  expect(root.querySelector('[data-testid="count"]')!.textContent).toBe('1');
  expect(root.querySelectorAll('p.part')).toHaveLength(1);
});

function SearchPart() {
  const [q, setQ] = useState('');
  return (
    <form role="search">
      <input aria-label="q" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      <output>{q}</output>
    </form>
  );
}

it('carries what was typed into the copy, the focus and the caret over to the live part', async () => {
  const root = document.getElementById('root')!;
  root.innerHTML =
    '<header><div class="later" data-later="head"><form role="search">' +
    '<input aria-label="q" value=""><output></output></form></div></header>';
  render(
    <header>
      <Later name="head">
        <SearchPart />
      </Later>
    </header>,
    root,
  );
  root.dataset.live = '';
  const copy = root.querySelector('input')!;
  copy.focus();
  copy.value = 'aro';
  copy.setSelectionRange(1, 1);
  await act(async () => {
    await nextTask();
    await nextTask();
    await nextTask();
  });
  const live = root.querySelector('input')!;
  expect(root.querySelector('[data-later-pending]')).toBeNull();
  expect([live.value, root.querySelector('output')!.textContent]).toEqual(['aro', 'aro']);
  expect(document.activeElement).toBe(live);
  expect(live.selectionStart).toBe(1);
});
