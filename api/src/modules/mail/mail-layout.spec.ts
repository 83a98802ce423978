import { escapeHtml, layoutMail } from './mail-layout.js';

describe('the mail layout', () => {
  it('escapes what would otherwise be markup, in content and in attributes', () => {
    expect(escapeHtml(`<b>"O'Neil" & co</b>`)).toBe(
      '&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt;',
    );
  });

  it('writes the plain text and the HTML of a mail from the same parts', () => {
    const mail = layoutMail({
      subject: 'Your receipt',
      hello: 'Hello',
      name: 'Ana <Admin>',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Use this link:',
          link: { label: 'Open', href: 'https://x.test/?a=1&b=2' },
        },
        { kind: 'list', items: ['One', 'Two & more'] },
        { kind: 'strong', text: 'Total: $10.00' },
        { kind: 'action', link: { label: 'Go', href: 'https://x.test/go' } },
        {
          kind: 'footer',
          lines: ['Why you get this.', 'To stop:'],
          link: { label: 'stop', href: 'https://x.test/stop' },
        },
      ],
    });
    expect(mail.subject).toBe('Your receipt');
    expect(mail.text).toBe(
      'Hello Ana <Admin>,\n\nUse this link:\nhttps://x.test/?a=1&b=2\n\n- One\n- Two & more\n\n' +
        'Total: $10.00\n\nGo: https://x.test/go\n\n--\nWhy you get this.\nTo stop: https://x.test/stop\n',
    );
    expect(mail.html).toBe(
      '<p>Hello Ana &lt;Admin&gt;,</p><p>Use this link:</p><p><a href="https://x.test/?a=1&amp;b=2">Open</a></p>' +
        '<ul><li>One</li><li>Two &amp; more</li></ul><p><strong>Total: $10.00</strong></p>' +
        '<p><a href="https://x.test/go">Go</a></p>' +
        '<hr><p><small>Why you get this. To stop: <a href="https://x.test/stop">stop</a></small></p>',
    );
  });
});
