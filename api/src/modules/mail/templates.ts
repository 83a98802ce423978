import { formatUsd, fromCents, type Lang } from '@circo/shared-contracts';
import { layoutMail, linkMail, type LinkMailText, type Mail } from './mail-layout.js';
import { longUtcDate } from '../../common/intl.js';

const RESET: Record<Lang, LinkMailText> = {
  es: {
    subject: 'Restablecer tu contraseña',
    hello: 'Hola',
    body: 'Recibimos un pedido para restablecer tu contraseña. El enlace vale durante 1 hora y se puede usar una sola vez:',
    cta: 'Crear una contraseña nueva',
    unasked: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
  en: {
    subject: 'Reset your password',
    hello: 'Hello',
    body: 'We received a request to reset your password. The link is valid for 1 hour and can be used once:',
    cta: 'Choose a new password',
    unasked: "If you didn't ask for this, ignore this e-mail: your password stays the same.",
  },
  fr: {
    subject: 'Réinitialiser votre mot de passe',
    hello: 'Bonjour',
    body: 'Nous avons reçu une demande de réinitialisation de votre mot de passe. Le lien est valable 1 heure et ne peut servir qu’une fois :',
    cta: 'Choisir un nouveau mot de passe',
    unasked:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.',
  },
};

/** The reset-password e-mail in the user's language. */
export function resetPasswordMail(lang: Lang, name: string, link: string): Mail {
  return linkMail(RESET[lang], name, link);
}

const RECEIPT: Record<
  Lang,
  {
    subject: string;
    hello: string;
    body: string;
    item: string;
    until: string;
    total: string;
    discount: string;
    cta: string;
    terms: string;
    invoice: (number: string) => string;
  }
> = {
  es: {
    subject: 'Tu compra en Circo: recibo',
    hello: 'Hola',
    body: 'Gracias por tu compra. Ya puedes acceder a tu contenido en Mis cursos.',
    item: 'Artículo',
    until: 'acceso hasta el',
    total: 'Total pagado',
    discount: 'descuento',
    cta: 'Ir a Mis cursos',
    terms: 'El acceso es personal e intransferible.',
    invoice: (n) => `Adjuntamos tu factura ${n}; también está en Mis cursos, en Facturas.`,
  },
  en: {
    subject: 'Your Circo purchase: receipt',
    hello: 'Hello',
    body: 'Thank you for your purchase, you can now access your content in My Courses.',
    item: 'Item',
    until: 'access until',
    total: 'Total paid',
    discount: 'discount',
    cta: 'Go to My Courses',
    terms: 'Access is personal and non-transferable.',
    invoice: (n) => `Your invoice ${n} is attached; it is also in My Courses, under Invoices.`,
  },
  fr: {
    subject: 'Votre achat Circo : reçu',
    hello: 'Bonjour',
    body: 'Merci pour votre achat, vous pouvez maintenant accéder à votre contenu dans Mes cours.',
    item: 'Article',
    until: "accès jusqu'au",
    total: 'Total payé',
    discount: 'réduction',
    cta: 'Aller à Mes cours',
    terms: "L'accès est personnel et non transférable.",
    invoice: (n) =>
      `Votre facture ${n} est jointe ; elle est aussi dans Mes cours, rubrique Factures.`,
  },
};

export interface ReceiptLine {
  title: string;
  priceCents: number;
  listPriceCents: number;
  discountName: string | null;
  accessEndsAt: Date;
}

/** The receipt of a paid order: items, amounts and access end dates, in the buyer's language. */
export function receiptMail(
  lang: Lang,
  name: string,
  lines: ReceiptLine[],
  totalCents: number,
  myCoursesLink: string,
  invoiceNumber?: string,
): Mail {
  const t = RECEIPT[lang];
  const date = (d: Date) => longUtcDate(d, lang);
  const usd = (cents: number) => formatUsd(fromCents(cents));
  const lineText = (l: ReceiptLine) =>
    `${l.title}: ${usd(l.priceCents)}${
      l.discountName ? ` (${usd(l.listPriceCents)}, ${t.discount} ${l.discountName})` : ''
    }, ${t.until} ${date(l.accessEndsAt)}`;
  return layoutMail({
    subject: t.subject,
    hello: t.hello,
    name,
    blocks: [
      { kind: 'paragraph', text: t.body },
      { kind: 'list', items: lines.map(lineText) },
      { kind: 'strong', text: `${t.total}: ${usd(totalCents)}` },
      ...(invoiceNumber ? [{ kind: 'paragraph' as const, text: t.invoice(invoiceNumber) }] : []),
      { kind: 'action', link: { label: t.cta, href: myCoursesLink } },
      { kind: 'paragraph', text: t.terms },
    ],
  });
}
