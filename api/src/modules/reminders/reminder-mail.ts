import type { Lang } from '@circo/shared-contracts';
import { escapeHtml as escape, layoutMail, type Mail } from '../mail/index.js';

/** 30, 7, 1 days before the end of access, or 0 once it ended. */
export type ReminderKind = 0 | 1 | 7 | 30;

const TEXT: Record<
  Lang,
  {
    subject: (title: string, days: ReminderKind) => string;
    hello: string;
    body: (title: string, date: string, days: ReminderKind) => string;
    cta: string;
    why: string;
    stop: string;
    stopCta: string;
  }
> = {
  es: {
    subject: (title, days) =>
      days === 0
        ? `Tu acceso a «${title}» terminó`
        : `Tu acceso a «${title}» termina en ${days} ${days === 1 ? 'día' : 'días'}`,
    hello: 'Hola',
    body: (title, date, days) =>
      days === 0
        ? `Tu acceso a «${title}» terminó el ${date}. Puedes renovarlo cuando quieras y seguir donde lo dejaste:`
        : `Tu acceso a «${title}» termina el ${date}. Para seguir aprendiendo sin cortes, renuévalo:`,
    cta: 'Renovar mi acceso',
    why: 'Recibes este correo porque tienes acceso a un curso o formación en Circo.',
    stop: 'Si no quieres recibir más estos avisos:',
    stopCta: 'dejar de recibir avisos de vencimiento',
  },
  en: {
    subject: (title, days) =>
      days === 0
        ? `Your access to “${title}” has ended`
        : `Your access to “${title}” ends in ${days} ${days === 1 ? 'day' : 'days'}`,
    hello: 'Hello',
    body: (title, date, days) =>
      days === 0
        ? `Your access to “${title}” ended on ${date}. You can renew it whenever you like and carry on where you left off:`
        : `Your access to “${title}” ends on ${date}. To keep learning without a break, renew it:`,
    cta: 'Renew my access',
    why: 'You receive this e-mail because you have access to a course or training at Circo.',
    stop: 'If you no longer want these reminders:',
    stopCta: 'stop access reminders',
  },
  fr: {
    subject: (title, days) =>
      days === 0
        ? `Votre accès à « ${title} » a pris fin`
        : `Votre accès à « ${title} » se termine dans ${days} ${days === 1 ? 'jour' : 'jours'}`,
    hello: 'Bonjour',
    body: (title, date, days) =>
      days === 0
        ? `Votre accès à « ${title} » a pris fin le ${date}. Vous pouvez le renouveler quand vous voulez et reprendre là où vous en étiez :`
        : `Votre accès à « ${title} » se termine le ${date}. Pour continuer sans interruption, renouvelez-le :`,
    cta: 'Renouveler mon accès',
    why: 'Vous recevez cet e-mail car vous avez accès à un cours ou une formation chez Circo.',
    stop: 'Si vous ne souhaitez plus recevoir ces rappels :',
    stopCta: 'ne plus recevoir les rappels d’accès',
  },
};

/** An access reminder in the student's language, with its renew and opt-out links. */
export function reminderMail(
  lang: Lang,
  name: string,
  title: string,
  endsAt: Date,
  days: ReminderKind,
  renewLink: string,
  optOutLink: string,
): Mail {
  const t = TEXT[lang];
  const date = endsAt.toLocaleDateString(lang, { dateStyle: 'long', timeZone: 'UTC' });
  return layoutMail({
    subject: t.subject(title, days),
    hello: t.hello,
    name,
    blocks: [
      {
        kind: 'paragraph',
        text: t.body(title, date, days),
        link: { label: t.cta, href: renewLink },
      },
      { kind: 'footer', lines: [t.why, t.stop], link: { label: t.stopCta, href: optOutLink } },
    ],
  });
}

const DONE: Record<Lang, { title: string; text: string; back: string }> = {
  es: {
    title: 'Listo: no recibirás más avisos de vencimiento',
    text: 'Puedes volver a activarlos cuando quieras en Mis cursos.',
    back: 'Ir a Mis cursos',
  },
  en: {
    title: 'Done: you will not receive access reminders any more',
    text: 'You can turn them back on at any time in My Courses.',
    back: 'Go to My Courses',
  },
  fr: {
    title: 'C’est fait : vous ne recevrez plus de rappels d’accès',
    text: 'Vous pouvez les réactiver à tout moment dans Mes cours.',
    back: 'Aller à Mes cours',
  },
};

/** The page the opt-out link answers with. */
export function optOutPage(lang: Lang, myCoursesUrl: string): string {
  const t = DONE[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t.title)}</title></head><body><main><h1>${escape(t.title)}</h1><p>${escape(t.text)}</p><p><a href="${escape(myCoursesUrl)}">${escape(t.back)}</a></p></main></body></html>`;
}
