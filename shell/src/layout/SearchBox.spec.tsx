// On /buscar the header's search box shows the address's term: after a direct load, after a
// search, and after a step back, even one taken before the search's own page was shown.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { addTranslations } from '@circo/shared-web';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { SearchBox } from './SearchBox';

addTranslations('shell', { es, en, fr });

/** The address as the app shows it. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

/** The box on `address`, loaded directly, in the browser's own history (jsdom's). */
function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  render(
    <BrowserRouter>
      <SearchBox />
      <Address />
    </BrowserRouter>,
  );
  return screen.getByRole('searchbox') as HTMLInputElement;
}

/** The browser's Back button: resolves once its popstate has been dispatched. */
const back = () =>
  new Promise<void>((resolve) => {
    window.addEventListener('popstate', () => setTimeout(resolve), { once: true });
    window.history.back();
  });

/** Types `text` in the box and sends it with Enter, as a visitor does. */
function search(box: HTMLInputElement, text: string) {
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box.form!);
}

it('shows the term of a direct load, follows a search, and shows the old term again on Back', async () => {
  const box = renderAt('/buscar?q=acrobacia');
  expect(box.value).toBe('acrobacia');
  act(() => search(box, 'malabares'));
  expect(screen.getByTestId('address')).toHaveTextContent('/buscar?q=malabares');
  expect(box.value).toBe('malabares');
  await act(back);
  expect(screen.getByTestId('address')).toHaveTextContent('/buscar?q=acrobacia');
  expect(box.value).toBe('acrobacia');
});

it("shows the address's term after a Back taken before the search's page was shown", async () => {
  const box = renderAt('/buscar?q=acrobacia');
  // the search and the step back in one render: the page never showed /buscar?q=malabares
  await act(async () => {
    search(box, 'malabares');
    await back();
  });
  expect(screen.getByTestId('address')).toHaveTextContent('/buscar?q=acrobacia');
  expect(box.value).toBe('acrobacia');
});

it('keeps what is typed until it is sent', () => {
  const box = renderAt('/buscar?q=acrobacia');
  fireEvent.change(box, { target: { value: 'tela' } });
  expect(box.value).toBe('tela');
  expect(screen.getByTestId('address')).toHaveTextContent('/buscar?q=acrobacia');
});
