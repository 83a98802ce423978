import { matchRoute, type SiteContent } from '@circo/shared-contracts';
import type { ServerPage } from './page-context.js';
import { pageHead, withHead, type PageHead } from './page-head.js';

const head: PageHead = {
  status: 200,
  lang: 'fr',
  siteName: 'Circo',
  title: 'Les "trapèzes" </title><script>alert(1)</script> & co $& $\'',
  description: 'Desc <b>x</b>',
  canonical: 'https://c.example/courses/1/x?lang=fr',
  alternates: { es: 'https://c.example/courses/1/x', fr: 'https://c.example/courses/1/x?lang=fr' },
  noindex: false,
  ogType: 'product',
  image: null,
};

/** The page at `pathname` as page-context.ts decides it, with the item answer it read. */
const pageAt = (pathname: string, item: ServerPage['item'] = null): ServerPage => ({
  pathname,
  search: '',
  match: matchRoute(pathname),
  signedIn: false,
  context: {
    lang: 'fr',
    content: { siteName: 'Cirque', tagline: 'Voler' } as SiteContent,
    config: { salesPaused: false, accessPeriodMonths: 12, stripePublishableKey: null },
    session: 'anonymous',
  },
  queries: null,
  item,
});

it("gives a page's head from what the page read once: its route, language and item answer", () => {
  expect(pageHead(pageAt('/no-such-page'), 'https://c.example').status).toBe(404);
  expect(pageHead(pageAt('/CURSOS/'), 'https://c.example')).toMatchObject({
    status: 200,
    lang: 'fr',
    canonical: 'https://c.example/cursos?lang=fr',
  });
  expect(pageHead(pageAt('/courses/x', { status: 404, body: null }), 'o').status).toBe(404);
  expect(pageHead(pageAt('/courses/x', { status: 403, body: null }), 'o')).toMatchObject({
    status: 200,
    noindex: true,
  });
  const course = {
    _id: 'c1',
    title: { es: 'Aro', en: 'Hoop', fr: 'Cerceau' },
    description: { es: '', en: '', fr: 'Tourner' },
    image: { es: '/a.jpg' },
    visible: { es: true, en: false, fr: true },
  };
  expect(
    pageHead(pageAt('/courses/c1', { status: 200, body: course }), 'https://c.example'),
  ).toMatchObject({
    status: 200,
    title: 'Cerceau | Cirque',
    description: 'Tourner',
    canonical: 'https://c.example/courses/c1/cerceau?lang=fr',
    alternates: {
      es: 'https://c.example/courses/c1/aro',
      fr: 'https://c.example/courses/c1/cerceau?lang=fr',
    },
    ogType: 'product',
    image: 'https://c.example/a.jpg',
  });
});

it('writes the head tags escaped, with the page language, replacing the static title', () => {
  const html = withHead(
    '<!doctype html><html lang="es"><head><title>Circo</title></head><body></body></html>',
    head,
  );
  expect(html).toContain('<html lang="fr">');
  expect(html).not.toContain('<title>Circo</title>');
  expect(html).not.toContain('<script>');
  expect(html).toContain(
    "<title>Les &quot;trapèzes&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; co $&amp; $'</title>",
  );
  expect(html).toContain('<meta name="description" content="Desc &lt;b&gt;x&lt;/b&gt;" />');
  expect(html).toContain(
    '<link rel="alternate" hreflang="x-default" href="https://c.example/courses/1/x" />',
  );
  expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
  expect(html).not.toContain('name="robots"');
});
