import type { Localized } from '../languages.js';
import type { ItemType } from './catalog.js';

// Certificates of completion: issued when a student has completed every class of a course or
// formation that counts (the classes visible in the language they follow it in), checked by
// anyone through their verification code.

export const CERTIFICATE_ERRORS = {
  notFound: 'certificates.not_found',
  alreadyRevoked: 'certificates.already_revoked',
  notPending: 'certificates.not_pending',
  notComplete: 'certificates.not_complete',
  signatureInvalid: 'certificates.signature_invalid',
} as const;

/** A verification code: 12 characters of Crockford's base32 (60 random bits), upper case. */
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** Whether a text is a certificate code, in the canonical upper-case form. */
export const isCertificateCode = (code: string): boolean => CERTIFICATE_CODE_PATTERN.test(code);

/** pending: waiting for the coach's review; issued: valid (unless revoked); declined by the coach. */
export type CertificateStatus = 'pending' | 'issued' | 'declined';

/** GET /users/me/certificates: the student's issued certificates (revoked ones included). */
export interface MyCertificate {
  _id: string;
  code: string;
  itemType: ItemType;
  itemId: string;
  title: Localized;
  issuedAt: string;
  revokedAt: string | null;
}

/** GET /certificates/{code}: what anyone may check; the name, never the e-mail. */
export interface CertificateVerification {
  name: string;
  title: string;
  issuedAt: string;
  status: 'valid' | 'revoked';
}

/** A certificate as the coach sees it (admin lists and the review queue). */
export interface AdminCertificate {
  _id: string;
  code: string;
  status: CertificateStatus;
  itemType: ItemType;
  itemId: string;
  title: Localized;
  userId: string;
  studentName: string;
  email: string;
  lang: string;
  classCount: number;
  createdAt: string;
  issuedAt: string | null;
  revokedAt: string | null;
  revokeReason: string | null;
  reviewNote: string | null;
}

/** The admin's certificate settings: the coach's name and signature image on every certificate. */
export interface CertificateSettings {
  coachName: string;
  /** A PNG or JPEG data URL, or null when no signature is set. */
  signature: string | null;
}

/** Per item: whether the coach reviews each certificate before it is issued. */
export interface CertificateReviewSetting {
  itemType: ItemType;
  itemId: string;
  review: boolean;
}

/** The API paths of certificates (under /api). */
export const CERTIFICATE_PATHS = {
  mine: '/users/me/certificates',
  pdf: (id: string) => `/users/me/certificates/${encodeURIComponent(id)}/pdf`,
  verify: (code: string) => `/certificates/${encodeURIComponent(code)}`,
  admin: '/admin/certificates',
  adminOne: (id: string) => `/admin/certificates/${encodeURIComponent(id)}`,
  reissue: (id: string) => `/admin/certificates/${encodeURIComponent(id)}/reissue`,
  approve: (id: string) => `/admin/certificates/${encodeURIComponent(id)}/approve`,
  decline: (id: string) => `/admin/certificates/${encodeURIComponent(id)}/decline`,
  settings: '/admin/certificates/settings',
  review: (itemType: ItemType, itemId: string) =>
    `/admin/certificates/review/${itemType}/${encodeURIComponent(itemId)}`,
} as const;

export const CERTIFICATE_LIMITS = {
  reason: 500,
  note: 500,
  coachName: 120,
  /** the signature image, in bytes once decoded */
  signatureBytes: 200 * 1024,
} as const;
