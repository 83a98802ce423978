// Pages rendered at the same time on the server do not bleed into each other: the real first-screen
// renderer (the page renderer's process running the built shell's and mf-catalog's server bundles,
// `npm run build` first) renders the home page in es, en and fr side by side, and each page's HTML
// is in its own language: its site content, the shell's and the catalogue's texts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoute, type Lang, type SiteContent } from '@circo/shared-contracts';
import { FirstScreens } from '../../src/web/first-screen.js';
import type { ServerPage } from '../../src/web/page-context.js';

const root = join(import.meta.dirname, '../../..');
const content = (lang: Lang) =>
  JSON.parse(readFileSync(join(root, `api/content/site.${lang}.json`), 'utf8')) as SiteContent;
const shellText = (lang: Lang) =>
  (
    JSON.parse(readFileSync(join(root, `shell/src/locales/${lang}.json`), 'utf8')) as {
      nav: { courses: string; about: string };
    }
  ).nav;
const REMOTES = { mf_catalog: '/remotes/mf-catalog/mf-manifest.json' };
const LANGS: Lang[] = ['es', 'en', 'fr'];

const pageIn = (lang: Lang): ServerPage => ({
  pathname: '/',
  search: '',
  match: matchRoute('/'),
  signedIn: false,
  context: {
    lang,
    content: content(lang),
    config: { salesPaused: false, accessPeriodMonths: 12, stripePublishableKey: null },
    session: 'anonymous',
  },
  queries: [],
  item: null,
});

let screens: FirstScreens;
const logs: string[] = [];
beforeAll(() => {
  screens = new FirstScreens(root, (msg) => logs.push(msg));
});
afterAll(() => screens.close());

it('renders pages in different languages at the same time, each in its own', async () => {
  // one first, so the bundles are loaded; then nine at once, the languages interleaved
  await screens.render(pageIn('es'), REMOTES);
  const langs = [...LANGS, ...LANGS, ...LANGS];
  const pages = await Promise.all(langs.map((lang) => screens.render(pageIn(lang), REMOTES)));
  expect(logs).toEqual([]);
  pages.forEach((page, i) => {
    const lang = langs[i];
    expect(page?.complete).toBe(true);
    const body = page!.body;
    // the teacher's content, the shell's header and nothing of the other languages'
    expect(body).toContain(content(lang).hero.title);
    expect(body).toContain(`>${shellText(lang).about}<`);
    for (const other of LANGS.filter((l) => l !== lang)) {
      expect(body).not.toContain(content(other).hero.title);
      expect(body).not.toContain(`>${shellText(other).about}<`);
    }
  });
  // the same language renders the same page, whatever rendered beside it
  for (const lang of LANGS) {
    const same = pages.filter((_, i) => langs[i] === lang).map((p) => p!.body);
    expect(new Set(same).size).toBe(1);
  }
});
