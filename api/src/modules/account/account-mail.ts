import type { Lang } from '@circo/shared-contracts';
import { linkMail, type LinkMailText, type Mail } from '../mail/index.js';

const TEXT: Record<Lang, LinkMailText> = {
  es: {
    subject: 'Confirma que quieres eliminar tu cuenta',
    hello: 'Hola',
    body: 'Pediste eliminar tu cuenta de Circo. Se borran tu acceso, tu progreso y tus datos; tus pagos quedan solo como registros contables, sin tu nombre. El enlace vale durante 1 hora:',
    cta: 'Eliminar mi cuenta',
    unasked: 'Si no lo pediste, ignora este correo: tu cuenta sigue igual.',
  },
  en: {
    subject: 'Confirm that you want to delete your account',
    hello: 'Hello',
    body: 'You asked to delete your Circo account. Your access, your progress and your data are erased; your payments stay only as accounting records, without your name. The link is valid for 1 hour:',
    cta: 'Delete my account',
    unasked: "If you didn't ask for this, ignore this e-mail: your account stays as it is.",
  },
  fr: {
    subject: 'Confirmez la suppression de votre compte',
    hello: 'Bonjour',
    body: 'Vous avez demandé la suppression de votre compte Circo. Vos accès, votre progression et vos données sont effacés ; vos paiements restent seulement comme écritures comptables, sans votre nom. Le lien est valable 1 heure :',
    cta: 'Supprimer mon compte',
    unasked:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre compte reste tel quel.',
  },
};

/** The e-mail that confirms an account deletion. */
export function deletionMail(lang: Lang, name: string, link: string): Mail {
  return linkMail(TEXT[lang], name, link);
}
