/**
 * A Module Federation runtime plugin: a remote's stylesheet that the page links already (the
 * server links the page's CSS with its first screen, api/src/web/html-bootstrap.ts) is not linked
 * a second time when the remote loads. The runtime recognises only links whose href is the same
 * absolute address; a second stylesheet costs a parse and a style pass over the whole page on the
 * main thread. The runtime still waits for the file: it gets a preload of it, served from memory.
 */
export const linkedStylesheetsPlugin = {
  name: 'circo-linked-stylesheets',
  createLink({ url, attrs }: { url: string; attrs?: Record<string, string> }) {
    if (attrs?.rel !== 'stylesheet') return undefined;
    const linked = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some(
      (l) => l.href === url,
    );
    if (!linked) return undefined;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'style';
    link.href = url;
    return link;
  },
};
