import { render } from 'preact';
import { useLayoutEffect, useState } from 'react';
import { act } from '@testing-library/react';
import { Later } from './Later';

// a task later, after the effects (Preact runs them after a frame or 35 ms)
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 40));
const tasks = async (n: number) => {
  for (let i = 0; i < n; i++) await nextTask();
};

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
  '<main><h1>Título</h1><div class="later" data-later="more"><div class="later__part">' +
  '<p class="part"><button type="button">Más</button><span data-testid="count">0</span></p>' +
  '</div></div></main>';

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
  expect(root.querySelector('.later')!.getAttributeNS(null, 'dangerouslySetInnerHTML')).toBeNull();
  expect(root.innerHTML).toContain('<span data-testid="count">0</span>');
  // a tap on the copy is held, then done on the live part
  serverButton.click();
  await act(() => tasks(3));
  // the held tap, a task after the part's commit
  await act(() => nextTask());
  expect(renders).toBeGreaterThan(0);
  expect(root.querySelector('[data-later-pending]')).toBeNull();
  expect(root.querySelector('[data-testid="count"]')!.textContent).toBe('1');
  expect(root.querySelectorAll('p.part')).toHaveLength(1);
  // the live part took the server's elements over
  expect(root.querySelector('button')).toBe(serverButton);
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
    '<header><div class="later" data-later="head"><div class="later__part"><form role="search">' +
    '<input aria-label="q" value=""><output></output></form></div></div></header>';
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
  await act(() => tasks(3));
  const live = root.querySelector('input')!;
  expect(root.querySelector('[data-later-pending]')).toBeNull();
  expect([live.value, root.querySelector('output')!.textContent]).toEqual(['aro', 'aro']);
  expect(document.activeElement).toBe(live);
  expect(live.selectionStart).toBe(1);
});

it('a part inside another waits for a task of its own once the outer one is live', async () => {
  // what the server sent that the live page no longer has (another language, newer data)
  const STALE = '<p class="stale">Texto que la página ya no tiene</p>';
  const root = document.getElementById('root')!;
  root.innerHTML =
    '<main><div class="later" data-later="page"><div class="later__part"><h1>Título</h1>' +
    STALE +
    '<div class="later" data-later="more"><div class="later__part">' +
    '<p class="part"><button type="button">Más</button><span data-testid="count">0</span></p>' +
    '</div></div></div></div><div class="later" data-later="gone"><p>Otra página</p></div></main>';
  const serverTitle = root.querySelector('h1')!;
  let pageRenders = 0;
  // the markup as a visitor gets it (attributes in one order, the parts' own marks left out)
  const plain = (markup: string) => {
    const t = document.createElement('template');
    t.innerHTML = markup;
    for (const el of t.content.querySelectorAll('*')) {
      const attrs = [...el.attributes].map((a) => [a.name, a.value] as const).sort();
      for (const [name] of attrs) el.removeAttributeNS(null, name);
      for (const [name, value] of attrs)
        if (name !== 'data-later-pending' && name.toLowerCase() !== 'dangerouslysetinnerhtml')
          el.setAttribute(name, value);
    }
    return t.innerHTML;
  };
  let atPageMount: { partRenders: number; pending: boolean; markup: string } | null = null;
  function Page() {
    pageRenders++;
    useLayoutEffect(() => {
      atPageMount = {
        partRenders: renders,
        pending: root.querySelector('[data-later="more"]')!.hasAttribute('data-later-pending'),
        markup: plain(root.innerHTML),
      };
    }, []);
    return (
      <>
        <h1>Título</h1>
        <Later name="more">
          <Part label="Más" />
        </Later>
      </>
    );
  }
  render(
    <main>
      <Later name="page">
        <Page />
      </Later>
    </main>,
    root,
  );
  root.dataset.live = '';
  // the first render built nothing inside the server's page
  expect([pageRenders, renders]).toEqual([0, 0]);
  expect(root.querySelector('h1')).toBe(serverTitle);
  const html = root.innerHTML;
  // the page goes live alone: its inner part shows the server's markup meanwhile
  await act(() => nextTask());
  expect(pageRenders).toBe(1);
  expect(root.querySelector('h1')).toBe(serverTitle);
  // the live page, on the server's elements: what it does not render is gone
  expect(atPageMount).toEqual({
    partRenders: 0,
    pending: true,
    markup: plain(html.replace(STALE, '')),
  });
  await act(() => nextTask());
  expect(renders).toBe(1);
  expect(root.querySelector('[data-later-pending]')).toBeNull();
  expect(root.querySelectorAll('p.part')).toHaveLength(1);

  // a page opened later by a link: its parts render at once, the server's markup was for another
  renders = 0;
  window.history.pushState(null, '', '/otra');
  render(<main />, root);
  render(
    <main>
      <Later name="gone">
        <Part label="Otra" />
      </Later>
    </main>,
    root,
  );
  expect(renders).toBe(1);
  expect(root.querySelector('button')!.textContent).toBe('Otra');
});

it("a link followed on the server's elements is followed by the live link; one opened elsewhere is the browser's", async () => {
  const root = document.getElementById('root')!;
  root.innerHTML =
    '<header><div class="later" data-later="nav"><div class="later__part">' +
    '<a href="/cursos">Cursos</a></div></div></header>';
  let followed = 0;
  render(
    <header>
      <Later name="nav">
        <a
          href="/cursos"
          onClick={(e) => {
            e.preventDefault();
            followed++;
          }}
        >
          Cursos
        </a>
      </Later>
    </header>,
    root,
  );
  root.dataset.live = '';
  const link = root.querySelector('a')!;
  // dispatchEvent answers false when the click's default (loading the page) was prevented
  const click = (init: MouseEventInit) =>
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
  // a new tab: not held; followed here: held (the browser does not load the page)
  expect([click({ ctrlKey: true }), click({})]).toEqual([true, false]);
  await act(() => tasks(3));
  // the held tap, a task after the part's commit
  await act(() => nextTask());
  expect(root.querySelector('[data-later-pending]')).toBeNull();
  // done once, on the live link (the server's element, taken over)
  expect(followed).toBe(1);
  expect(root.querySelector('a')).toBe(link);
});

/** A part whose data comes after its first render (the page in another language than the server's). */
function LoadingPart({ onAdd }: { onAdd: () => void }) {
  const [loaded, setLoaded] = useState(false);
  useLayoutEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 100);
    return () => clearTimeout(timer);
  }, []);
  if (!loaded) return <p className="skeleton" aria-busy="true" />;
  return (
    <section>
      <h2>Price</h2>
      <button type="button" className="add" onClick={onAdd}>
        Add to cart
      </button>
    </section>
  );
}

/** The server's markup, in Spanish and with a voucher's line above the button (not in the live part). */
function renderLoadingPage(onAdd: () => void): HTMLButtonElement {
  const root = document.getElementById('root')!;
  root.innerHTML =
    '<main><div class="later" data-later="page"><div class="later__part"><section>' +
    '<h2>Precio</h2><p>Bono -25 %</p><button type="button" class="add">Agregar al carrito</button>' +
    '</section></div></div></main>';
  render(
    <main>
      <Later name="page">
        <LoadingPart onAdd={onAdd} />
      </Later>
    </main>,
    root,
  );
  root.dataset.live = '';
  return root.querySelector('button')!;
}

it('a tap held while the live part waits for its data is done once its element is there', async () => {
  let added = 0;
  const serverButton = renderLoadingPage(() => added++);
  serverButton.click();
  await act(() => tasks(3));
  // live, still loading: the tap waits
  expect(document.querySelector('[data-later-pending]')).toBeNull();
  expect(document.querySelector('.skeleton')).not.toBeNull();
  expect(added).toBe(0);
  await act(() => tasks(4));
  // done once, on the live button, though it moved up (no voucher line)
  expect(document.querySelector('button')!.textContent).toBe('Add to cart');
  expect(added).toBe(1);
});

it('a held tap is dropped once the visitor does something else', async () => {
  let added = 0;
  const serverButton = renderLoadingPage(() => added++);
  serverButton.click();
  await act(() => tasks(3));
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
  await act(() => tasks(4));
  expect(document.querySelector('button')!.textContent).toBe('Add to cart');
  expect(added).toBe(0);
});

it('a held link is followed to the address tapped, though the live list has another order', async () => {
  const root = document.getElementById('root')!;
  // the server's list in Spanish; the live one in English has no course "a"
  root.innerHTML =
    '<main><div class="later" data-later="list"><div class="later__part"><ul>' +
    '<li><a class="card" href="/courses/a/uno">Uno</a></li>' +
    '<li><a class="card" href="/courses/b/dos">Dos</a></li>' +
    '<li><a class="card" href="/courses/c/tres">Tres</a></li></ul></div></div></main>';
  const followed: string[] = [];
  const links = ['/courses/b/dos', '/courses/c/tres'];
  render(
    <main>
      <Later name="list">
        <ul>
          {links.map((href) => (
            <li key={href}>
              <a
                className="card"
                href={href}
                onClick={(e) => {
                  e.preventDefault();
                  followed.push(href);
                }}
              >
                {href}
              </a>
            </li>
          ))}
        </ul>
      </Later>
    </main>,
    root,
  );
  root.dataset.live = '';
  root.querySelectorAll('a')[1]!.click();
  for (let i = 0; i < 25 && followed.length === 0; i++) await act(() => nextTask());
  expect(root.querySelectorAll('a')).toHaveLength(2);
  expect(followed).toEqual(['/courses/b/dos']);
});
