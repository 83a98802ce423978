import { FIRST_SCREEN_HOLD } from '@circo/shared-contracts';

/**
 * The script the server's first screen runs inline, in its `<head>`, before any bundle arrives
 * (a phone may take seconds to download and run the shell's code). Until then a click on a button
 * of the server's markup, or a form sent from it, would do nothing: it holds the last one, and
 * `holdFirstScreen` (firstScreenHandover.ts) takes it and does it again on the live page. Links
 * are left alone: the server renders every public address. Plain ES2017 in a string: it runs as
 * written, without the bundle's helpers, and the API allows it in the Content-Security-Policy by
 * its hash (api/src/web/serve-web.ts).
 */
export const HOLD_SCRIPT = `(function () {
  var held = null;
  function pathOf(root, el) {
    var path = [];
    for (var node = el; node && node !== root; node = node.parentElement) {
      var parent = node.parentElement;
      if (!parent) return [];
      path.unshift(Array.prototype.indexOf.call(parent.children, node));
    }
    return path;
  }
  function hold(kind, el, e) {
    var root = document.getElementById('root');
    if (!el || !root || !root.contains(el)) return;
    e.preventDefault();
    e.stopPropagation();
    held = { kind: kind, path: pathOf(root, el), tag: el.tagName };
  }
  function onClick(e) {
    var t = e.target;
    hold('click', t && t.closest ? t.closest('button, input[type="submit"]') : null, e);
  }
  function onSubmit(e) {
    hold('submit', e.target, e);
  }
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  window[${JSON.stringify(FIRST_SCREEN_HOLD)}] = {
    take: function () {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      var h = held;
      held = null;
      return h;
    },
  };
})();`;
