import { matchRoute, withHead, type PageHead } from './page-head.js';

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

it('matches the route table like the router: parameters, optional ones, case and a trailing slash', () => {
  expect(matchRoute('/')?.route.id).toBe('home');
  expect(matchRoute('/CURSOS/')?.route.id).toBe('courses');
  expect(matchRoute('/courses/abc')).toMatchObject({
    route: { id: 'courseDetail' },
    params: ['abc'],
  });
  expect(matchRoute('/courses/abc/slug')?.params).toEqual(['abc', 'slug']);
  expect(matchRoute('/olvidaste-tu-contrase%C3%B1a')?.route.id).toBe('forgotPassword');
  expect(matchRoute('/courses')).toBeNull();
  expect(matchRoute('/courses/a/b/c')).toBeNull();
  expect(matchRoute('/%E0%A4%A')).toBeNull();
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
