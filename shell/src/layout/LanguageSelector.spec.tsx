// The language list of the header: a choice made in the server's page before it was live is
// taken once the page is hydrated (React does not replay that change), not left on screen beside a
// page in the old language.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { addTranslations, useLanguageStore } from '@circo/shared-web';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { LanguageSelector } from './LanguageSelector';

addTranslations('shell', { es, en, fr });

beforeEach(() => act(() => useLanguageStore.getState().setLang('en')));

/** The selector as the server renders it, in a page not yet hydrated. */
async function serverPage(): Promise<HTMLElement> {
  // React's server renderer for browsers schedules its work on a MessageChannel, which jsdom lacks
  globalThis.MessageChannel ??= (await import('node:worker_threads'))
    .MessageChannel as unknown as typeof MessageChannel;
  const { renderToString } = await import('react-dom/server');
  const page = document.createElement('div');
  page.innerHTML = renderToString(<LanguageSelector />);
  document.body.append(page);
  return page;
}

it('switches the language when the visitor picks another', () => {
  render(<LanguageSelector />);
  fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'fr' } });
  expect(useLanguageStore.getState().lang).toBe('fr');
  expect(document.documentElement.lang).toBe('fr');
});

it('takes a language picked in the server page before hydration', async () => {
  const container = await serverPage();
  const select = container.querySelector('select')!;
  expect(select.value).toBe('en');
  // the visitor picks French while the page's code is still loading: nothing listens yet
  fireEvent.change(select, { target: { value: 'fr' } });
  expect(useLanguageStore.getState().lang).toBe('en');

  const root = await act(async () => hydrateRoot(container, <LanguageSelector />));
  expect(useLanguageStore.getState().lang).toBe('fr');
  expect(document.documentElement.lang).toBe('fr');
  expect(localStorage.getItem('lang')).toBe('fr');
  expect(select.value).toBe('fr');
  act(() => root.unmount());
  container.remove();
});

it('keeps the language when nothing was picked before hydration', async () => {
  const container = await serverPage();
  const root = await act(async () => hydrateRoot(container, <LanguageSelector />));
  expect(useLanguageStore.getState().lang).toBe('en');
  expect(container.querySelector('select')!.value).toBe('en');
  act(() => root.unmount());
  container.remove();
});
