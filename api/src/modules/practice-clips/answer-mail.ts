import type { Lang } from '@circo/shared-contracts';
import { layoutMail, type Mail } from '../mail/index.js';

const TEXT: Record<
  Lang,
  {
    subject: (cls: string) => string;
    hello: string;
    body: (cls: string, n: number) => string;
    cta: string;
  }
> = {
  es: {
    subject: (cls) => `Tu profesora respondió a tu práctica de «${cls}»`,
    hello: 'Hola',
    body: (cls, n) =>
      `Tu clip de práctica de «${cls}» tiene respuesta: ${n} ${n === 1 ? 'comentario' : 'comentarios'} en el momento justo, con dibujos sobre la imagen. Míralo aquí:`,
    cta: 'Ver la respuesta',
  },
  en: {
    subject: (cls) => `Your teacher answered your practice of “${cls}”`,
    hello: 'Hello',
    body: (cls, n) =>
      `Your practice clip of “${cls}” has an answer: ${n} ${n === 1 ? 'comment' : 'comments'} pinned to the moment, with drawings on the frame. See it here:`,
    cta: 'See the answer',
  },
  fr: {
    subject: (cls) => `Votre professeure a répondu à votre pratique de « ${cls} »`,
    hello: 'Bonjour',
    body: (cls, n) =>
      `Votre clip de pratique de « ${cls} » a une réponse : ${n} ${n === 1 ? 'commentaire' : 'commentaires'} au bon moment, avec des dessins sur l’image. Voyez-la ici :`,
    cta: 'Voir la réponse',
  },
};

/** "Your teacher answered your clip", in the student's language, with the link to the clip. */
export function answerMail(
  lang: Lang,
  name: string,
  classTitle: string,
  comments: number,
  link: string,
): Mail {
  const t = TEXT[lang];
  return layoutMail({
    subject: t.subject(classTitle),
    hello: t.hello,
    name,
    blocks: [
      {
        kind: 'paragraph',
        text: t.body(classTitle, comments),
        link: { label: t.cta, href: link },
      },
    ],
  });
}
