// One layout for every e-mail the shop sends: a greeting, then blocks, written out twice (plain
// text and HTML) from the same parts, so the two never drift and every value is escaped once here.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML content and attribute values. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

export interface MailLink {
  label: string;
  href: string;
}

/** A part of a mail's body, in the order it is read. */
export type MailBlock =
  /** A paragraph; with `link`, the paragraph leads to it (text: the address on the next line). */
  | { kind: 'paragraph'; text: string; link?: MailLink }
  /** A list of lines (text: one "- line" each). */
  | { kind: 'list'; items: string[] }
  /** A paragraph that stands out (a total). */
  | { kind: 'strong'; text: string }
  /** A call to action on its own (text: "label: address"). */
  | { kind: 'action'; link: MailLink }
  /** Small print below a rule, ending with a link (an opt-out). */
  | { kind: 'footer'; lines: string[]; link: MailLink };

export interface MailContent {
  subject: string;
  /** "Hola", "Hello": followed by the recipient's name. */
  hello: string;
  name: string;
  blocks: MailBlock[];
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.link ? `${block.text}\n${block.link.href}` : block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'strong':
      return block.text;
    case 'action':
      return `${block.link.label}: ${block.link.href}`;
    case 'footer':
      return `--\n${block.lines.join('\n')} ${block.link.href}`;
  }
}

const anchor = ({ label, href }: MailLink) =>
  `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

function htmlOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>${block.link ? `<p>${anchor(block.link)}</p>` : ''}`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'strong':
      return `<p><strong>${escapeHtml(block.text)}</strong></p>`;
    case 'action':
      return `<p>${anchor(block.link)}</p>`;
    case 'footer':
      return `<hr><p><small>${block.lines.map(escapeHtml).join(' ')} ${anchor(block.link)}</small></p>`;
  }
}

/** The mail's subject, plain text and HTML, laid out the same way for every mail. */
export function layoutMail({ subject, hello, name, blocks }: MailContent): Mail {
  return {
    subject,
    text: [`${hello} ${name},`, ...blocks.map(textOf)].join('\n\n') + '\n',
    html: `<p>${escapeHtml(hello)} ${escapeHtml(name)},</p>${blocks.map(htmlOf).join('')}`,
  };
}

/** The texts of a mail that asks its reader to follow one link (a password reset, a deletion). */
export interface LinkMailText {
  subject: string;
  hello: string;
  /** what the link does, ending where the link follows */
  body: string;
  /** the link's label */
  cta: string;
  /** what to do when the reader did not ask for this */
  unasked: string;
}

/** A mail that asks its reader to follow one link: the text, the link, then the "not you?" line. */
export function linkMail(t: LinkMailText, name: string, href: string): Mail {
  return layoutMail({
    subject: t.subject,
    hello: t.hello,
    name,
    blocks: [
      { kind: 'paragraph', text: t.body, link: { label: t.cta, href } },
      { kind: 'paragraph', text: t.unasked },
    ],
  });
}
