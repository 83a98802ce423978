import type { Lang } from '@circo/shared-contracts';
import { layoutMail, type Mail, type MailBlock } from '../mail/index.js';

/** The job that sends a membership's e-mail (payload: subscriptionId, kind). */
export const MEMBERSHIP_MAIL_JOB = 'memberships.mail';

/**
 * started: the first period is paid; renewed: a renewal is paid; failed: a renewal was declined
 * (past due, pay with another card); action: a renewal needs the card's confirmation step;
 * canceled: cancelled at the period's end; ended: it ended (cancelled, or grace over); upcoming:
 * a yearly renewal is near; price: the plan's newer price applies from a coming renewal.
 */
export const MEMBERSHIP_MAIL_KINDS = [
  'started',
  'renewed',
  'failed',
  'action',
  'canceled',
  'ended',
  'upcoming',
  'price',
] as const;
export type MembershipMailKind = (typeof MEMBERSHIP_MAIL_KINDS)[number];

export interface MembershipMailFacts {
  plan: string;
  /** The date that matters to this mail (period end, grace end, renewal), already written. */
  date: string;
  /** The amount, already written ("19.00 USD"; a price: "24.00 USD a month"). */
  amount: string;
  /** Where the student goes: My Courses, or the payment of what is due. */
  link: string;
}

type Texts = Record<
  MembershipMailKind,
  { subject: (f: MembershipMailFacts) => string; body: (f: MembershipMailFacts) => string }
> & { hello: string; cta: Record<MembershipMailKind, string> };

const TEXT: Record<Lang, Texts> = {
  es: {
    hello: 'Hola',
    started: {
      subject: (f) => `Tu membresía «${f.plan}» está activa`,
      body: (f) =>
        `Recibimos tu pago de ${f.amount}. Los cursos y formaciones de «${f.plan}» ya están en Mis cursos; se renueva el ${f.date}. Puedes cancelar cuando quieras desde Mis cursos.`,
    },
    renewed: {
      subject: (f) => `Renovamos tu membresía «${f.plan}»`,
      body: (f) =>
        `Recibimos tu pago de ${f.amount}. Tu membresía sigue activa hasta el ${f.date}.`,
    },
    failed: {
      subject: (f) => `No pudimos cobrar tu membresía «${f.plan}»`,
      body: (f) =>
        `Tu tarjeta rechazó el pago de ${f.amount}. Mantienes el acceso hasta el ${f.date}: paga con otra tarjeta antes para no perderlo.`,
    },
    action: {
      subject: (f) => `Confirma el pago de tu membresía «${f.plan}»`,
      body: (f) =>
        `Tu banco pide que confirmes el pago de ${f.amount}. Mantienes el acceso hasta el ${f.date}: confírmalo antes para no perderlo.`,
    },
    canceled: {
      subject: (f) => `Cancelaste tu membresía «${f.plan}»`,
      body: (f) =>
        `No se renovará. Mantienes el acceso hasta el ${f.date}; hasta entonces puedes reanudarla desde Mis cursos.`,
    },
    ended: {
      subject: (f) => `Tu membresía «${f.plan}» terminó`,
      body: (f) =>
        `Terminó el ${f.date}. Los cursos que compraste aparte siguen en Mis cursos, y puedes suscribirte de nuevo cuando quieras.`,
    },
    price: {
      subject: (f) => `Cambia el precio de tu membresía «${f.plan}»`,
      body: (f) =>
        `Desde la renovación del ${f.date}, tu membresía costará ${f.amount}; hasta entonces no cambia nada. Si no quieres seguir con ese precio, cancélala antes desde Mis cursos: mantienes el acceso hasta el final del periodo pagado.`,
    },
    upcoming: {
      subject: (f) => `Tu membresía «${f.plan}» se renueva el ${f.date}`,
      body: (f) =>
        `El ${f.date} cobraremos ${f.amount} por un año más. Si no quieres renovarla, cancélala antes desde Mis cursos.`,
    },
    cta: {
      started: 'Ir a Mis cursos',
      renewed: 'Ir a Mis cursos',
      failed: 'Pagar con otra tarjeta',
      action: 'Confirmar el pago',
      canceled: 'Ir a Mis cursos',
      ended: 'Ver los planes',
      upcoming: 'Ir a Mis cursos',
      price: 'Ir a Mis cursos',
    },
  },
  en: {
    hello: 'Hello',
    started: {
      subject: (f) => `Your “${f.plan}” membership is active`,
      body: (f) =>
        `We received your payment of ${f.amount}. The courses and trainings of “${f.plan}” are in My Courses; it renews on ${f.date}. You can cancel whenever you like from My Courses.`,
    },
    renewed: {
      subject: (f) => `Your “${f.plan}” membership is renewed`,
      body: (f) => `We received your payment of ${f.amount}. Your membership runs until ${f.date}.`,
    },
    failed: {
      subject: (f) => `We could not charge your “${f.plan}” membership`,
      body: (f) =>
        `Your card declined the payment of ${f.amount}. You keep access until ${f.date}: pay with another card before then to keep it.`,
    },
    action: {
      subject: (f) => `Confirm the payment of your “${f.plan}” membership`,
      body: (f) =>
        `Your bank asks you to confirm the payment of ${f.amount}. You keep access until ${f.date}: confirm it before then to keep it.`,
    },
    canceled: {
      subject: (f) => `You cancelled your “${f.plan}” membership`,
      body: (f) =>
        `It will not renew. You keep access until ${f.date}; until then you can resume it from My Courses.`,
    },
    ended: {
      subject: (f) => `Your “${f.plan}” membership has ended`,
      body: (f) =>
        `It ended on ${f.date}. The courses you bought on their own stay in My Courses, and you can subscribe again whenever you like.`,
    },
    price: {
      subject: (f) => `The price of your “${f.plan}” membership is changing`,
      body: (f) =>
        `From the renewal on ${f.date}, your membership will cost ${f.amount}; until then nothing changes. If you do not want to continue at that price, cancel before then from My Courses: you keep access until the end of the period you paid.`,
    },
    upcoming: {
      subject: (f) => `Your “${f.plan}” membership renews on ${f.date}`,
      body: (f) =>
        `On ${f.date} we will charge ${f.amount} for one more year. If you do not want to renew, cancel before then from My Courses.`,
    },
    cta: {
      started: 'Go to My Courses',
      renewed: 'Go to My Courses',
      failed: 'Pay with another card',
      action: 'Confirm the payment',
      canceled: 'Go to My Courses',
      ended: 'See the plans',
      upcoming: 'Go to My Courses',
      price: 'Go to My Courses',
    },
  },
  fr: {
    hello: 'Bonjour',
    started: {
      subject: (f) => `Votre abonnement « ${f.plan} » est actif`,
      body: (f) =>
        `Nous avons reçu votre paiement de ${f.amount}. Les cours et formations de « ${f.plan} » sont dans Mes cours ; il se renouvelle le ${f.date}. Vous pouvez résilier quand vous voulez depuis Mes cours.`,
    },
    renewed: {
      subject: (f) => `Votre abonnement « ${f.plan} » est renouvelé`,
      body: (f) =>
        `Nous avons reçu votre paiement de ${f.amount}. Votre abonnement court jusqu’au ${f.date}.`,
    },
    failed: {
      subject: (f) => `Le paiement de votre abonnement « ${f.plan} » a échoué`,
      body: (f) =>
        `Votre carte a refusé le paiement de ${f.amount}. Vous gardez l’accès jusqu’au ${f.date} : payez avec une autre carte avant cette date pour le garder.`,
    },
    action: {
      subject: (f) => `Confirmez le paiement de votre abonnement « ${f.plan} »`,
      body: (f) =>
        `Votre banque vous demande de confirmer le paiement de ${f.amount}. Vous gardez l’accès jusqu’au ${f.date} : confirmez-le avant pour le garder.`,
    },
    canceled: {
      subject: (f) => `Vous avez résilié votre abonnement « ${f.plan} »`,
      body: (f) =>
        `Il ne sera pas renouvelé. Vous gardez l’accès jusqu’au ${f.date} ; d’ici là, vous pouvez le reprendre depuis Mes cours.`,
    },
    ended: {
      subject: (f) => `Votre abonnement « ${f.plan} » est terminé`,
      body: (f) =>
        `Il s’est terminé le ${f.date}. Les cours achetés à part restent dans Mes cours, et vous pouvez vous réabonner quand vous voulez.`,
    },
    price: {
      subject: (f) => `Le prix de votre abonnement « ${f.plan} » change`,
      body: (f) =>
        `À partir du renouvellement du ${f.date}, votre abonnement coûtera ${f.amount} ; d’ici là, rien ne change. Si vous ne voulez pas continuer à ce prix, résiliez-le avant depuis Mes cours : vous gardez l’accès jusqu’à la fin de la période payée.`,
    },
    upcoming: {
      subject: (f) => `Votre abonnement « ${f.plan} » se renouvelle le ${f.date}`,
      body: (f) =>
        `Le ${f.date}, nous prélèverons ${f.amount} pour une année de plus. Si vous ne voulez pas le renouveler, résiliez-le avant depuis Mes cours.`,
    },
    cta: {
      started: 'Aller à Mes cours',
      renewed: 'Aller à Mes cours',
      failed: 'Payer avec une autre carte',
      action: 'Confirmer le paiement',
      canceled: 'Aller à Mes cours',
      ended: 'Voir les forfaits',
      upcoming: 'Aller à Mes cours',
      price: 'Aller à Mes cours',
    },
  },
};

/** "a month" or "a year" after a price, in the student's language. */
export const PER_INTERVAL: Record<Lang, Record<'month' | 'year', string>> = {
  es: { month: 'al mes', year: 'al año' },
  en: { month: 'a month', year: 'a year' },
  fr: { month: 'par mois', year: 'par an' },
};

/** A membership's e-mail in the student's language, with the one link it asks to follow. */
export function membershipMail(
  lang: Lang,
  kind: MembershipMailKind,
  name: string,
  facts: MembershipMailFacts,
): Mail {
  const t = TEXT[lang];
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: t[kind].body(facts),
      link: { label: t.cta[kind], href: facts.link },
    },
  ];
  return layoutMail({ subject: t[kind].subject(facts), hello: t.hello, name, blocks });
}
