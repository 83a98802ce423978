import type { Lang } from '@circo/shared-contracts';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const RESET: Record<
  Lang,
  { subject: string; hello: string; body: string; cta: string; ignore: string }
> = {
  es: {
    subject: 'Restablecer tu contraseña',
    hello: 'Hola',
    body: 'Recibimos un pedido para restablecer tu contraseña. El enlace vale durante 1 hora y se puede usar una sola vez:',
    cta: 'Crear una contraseña nueva',
    ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
  en: {
    subject: 'Reset your password',
    hello: 'Hello',
    body: 'We received a request to reset your password. The link is valid for 1 hour and can be used once:',
    cta: 'Choose a new password',
    ignore: "If you didn't ask for this, ignore this e-mail: your password stays the same.",
  },
  fr: {
    subject: 'Réinitialiser votre mot de passe',
    hello: 'Bonjour',
    body: 'Nous avons reçu une demande de réinitialisation de votre mot de passe. Le lien est valable 1 heure et ne peut servir qu’une fois :',
    cta: 'Choisir un nouveau mot de passe',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.',
  },
};

/** The reset-password e-mail in the user's language. */
export function resetPasswordMail(lang: Lang, name: string, link: string) {
  const t = RESET[lang];
  return {
    subject: t.subject,
    text: `${t.hello} ${name},\n\n${t.body}\n${link}\n\n${t.ignore}\n`,
    html: `<p>${t.hello} ${escape(name)},</p><p>${escape(t.body)}</p><p><a href="${escape(link)}">${escape(t.cta)}</a></p><p>${escape(t.ignore)}</p>`,
  };
}
