import { render } from 'preact';
import { useState } from 'react';
import { act } from '@testing-library/react';
import { Later } from './Later';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 5));

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
  expect(renders).toBeGreaterThan(0);
  expect(root.querySelector('[data-later-pending]')).toBeNull();
  expect(root.querySelector('[data-testid="count"]')!.textContent).toBe('1');
  expect(root.querySelectorAll('p.part')).toHaveLength(1);
});
