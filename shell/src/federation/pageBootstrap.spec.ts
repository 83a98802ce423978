import { readPageBootstrap } from './pageBootstrap';

function pageWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = html;
  return doc;
}

describe('readPageBootstrap', () => {
  it('reads what the server wrote into the page', () => {
    const doc = pageWith(
      '<script id="circo-bootstrap" type="application/json">{"remotes":{"mf_catalog":"/m.json"},"lang":"fr","content":{"siteName":"\\u003cCirco\\u003e"}}</script>',
    );
    expect(readPageBootstrap(doc)).toEqual({
      remotes: { mf_catalog: '/m.json' },
      lang: 'fr',
      content: { siteName: '<Circo>' },
    });
  });

  it('answers {} for a page without it, or with something unreadable', () => {
    expect(readPageBootstrap(pageWith(''))).toEqual({});
    expect(
      readPageBootstrap(
        pageWith('<script id="circo-bootstrap" type="application/json">{ broken</script>'),
      ),
    ).toEqual({});
    expect(
      readPageBootstrap(
        pageWith('<script id="circo-bootstrap" type="application/json">[1]</script>'),
      ),
    ).toEqual({});
  });
});
