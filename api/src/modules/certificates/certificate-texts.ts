import type { ItemType, Lang } from '@circo/shared-contracts';
import type { LinkMailText } from '../mail/index.js';
import { longUtcDate } from '../../common/intl.js';

/** An item's title in `lang`, else in the first language it has. */
export const titleIn = (title: Record<Lang, string>, lang: Lang) =>
  title[lang] || title.es || title.en || title.fr;

/** The public page that checks a certificate. */
export const verifyUrl = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/$/, '')}/certificados/${code}`;

/** What a certificate says, in its language. */
export interface CertificateText {
  heading: string;
  certifies: string;
  completed: Record<ItemType, string>;
  classes: (n: number) => string;
  issuedOn: (date: string) => string;
  coach: string;
  code: string;
  verifyAt: string;
  documentTitle: (title: string) => string;
}

export const CERTIFICATE_TEXT: Record<Lang, CertificateText> = {
  es: {
    heading: 'Certificado de finalización',
    certifies: 'Se certifica que',
    completed: { course: 'ha completado el curso', formation: 'ha completado la formación' },
    classes: (n) => (n === 1 ? '1 clase completada' : `${n} clases completadas`),
    issuedOn: (date) => `Expedido el ${date}`,
    coach: 'Coach',
    code: 'Código de verificación',
    verifyAt: 'Compruébalo en',
    documentTitle: (title) => `Certificado: ${title}`,
  },
  en: {
    heading: 'Certificate of completion',
    certifies: 'This certifies that',
    completed: { course: 'has completed the course', formation: 'has completed the programme' },
    classes: (n) => (n === 1 ? '1 class completed' : `${n} classes completed`),
    issuedOn: (date) => `Issued on ${date}`,
    coach: 'Coach',
    code: 'Verification code',
    verifyAt: 'Verify it at',
    documentTitle: (title) => `Certificate: ${title}`,
  },
  fr: {
    heading: 'Certificat de réussite',
    certifies: 'Nous certifions que',
    completed: { course: 'a terminé le cours', formation: 'a terminé la formation' },
    classes: (n) => (n === 1 ? '1 leçon terminée' : `${n} leçons terminées`),
    issuedOn: (date) => `Délivré le ${date}`,
    coach: 'Coach',
    code: 'Code de vérification',
    verifyAt: 'Vérifiez-le sur',
    documentTitle: (title) => `Certificat : ${title}`,
  },
};

const LOCALES: Record<Lang, string> = { es: 'es-ES', en: 'en-GB', fr: 'fr-FR' };

/** A date as the certificate's language writes it in full ("27 de noviembre de 2026"). */
export const longDate = (at: Date, lang: Lang): string => longUtcDate(at, LOCALES[lang]);

/** The e-mail that tells the student their certificate is ready. */
export const CERTIFICATE_MAIL: Record<Lang, LinkMailText & { verify: string }> = {
  es: {
    subject: 'Tu certificado está listo',
    hello: 'Hola',
    body: 'Has completado «{title}». Tu certificado está en Mis cursos, listo para descargar:',
    cta: 'Ver mis cursos',
    unasked: 'Cualquiera puede comprobarlo con este enlace:',
    verify: 'Comprobar el certificado',
  },
  en: {
    subject: 'Your certificate is ready',
    hello: 'Hello',
    body: 'You have completed “{title}”. Your certificate is in My Courses, ready to download:',
    cta: 'Open My Courses',
    unasked: 'Anyone can check it with this link:',
    verify: 'Check the certificate',
  },
  fr: {
    subject: 'Votre certificat est prêt',
    hello: 'Bonjour',
    body: 'Vous avez terminé « {title} ». Votre certificat est dans Mes cours, prêt à télécharger :',
    cta: 'Ouvrir Mes cours',
    unasked: 'Tout le monde peut le vérifier avec ce lien :',
    verify: 'Vérifier le certificat',
  },
};
