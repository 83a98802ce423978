import type { Lang } from '../languages.js';
import type { MyBilling, MyInvoice } from './invoices.js';

export type Role = 'admin' | 'user';

export interface CourseProgress {
  courseId: string;
  clasesCompletadas: string[];
}
export interface FormationProgress {
  formationId: string;
  clasesCompletadas: string[];
}

/** GET /auth/perfil */
export interface UserProfile {
  _id: string;
  name: string;
  surname: string;
  email: string;
  role: Role;
  progresoCursos: CourseProgress[];
  progresoFormaciones: FormationProgress[];
}

/** POST /auth/login */
export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  token: string;
}

/** POST /users */
export interface RegisterRequest {
  name: string;
  surname: string;
  email: string;
  password: string;
  /** Language of the welcome and reset e-mails. */
  lang?: Lang;
}
export interface RegisterResponse {
  message: string;
  user: Pick<UserProfile, '_id' | 'name' | 'surname' | 'email' | 'role'>;
}

/** POST /auth/forgot-password */
export interface ForgotPasswordRequest {
  email: string;
  lang?: Lang;
}
/** POST /auth/reset-password/{token} */
export interface ResetPasswordRequest {
  newPassword: string;
}
export interface MessageResponse {
  message: string;
}

/** GET /users/mis-compras */
export interface PurchasesResponse {
  cursos: Array<{ courseId: string; fechaExpiracion: string; expired: boolean }>;
  formaciones: Array<{ formationId: string; fechaExpiracion: string; expired: boolean }>;
}

/** POST /users/{userId}/progreso-curso/{courseId} and progreso-formacion */
export interface ProgressRequest {
  classId: string;
}

/** GET and PUT /users/me/preferences: the account's settings. */
export interface UserPreferences {
  /** E-mails before access to an item ends (30, 7, 1 days) and once it has ended. */
  reminders: boolean;
}

/** GET /users/me/export: everything the shop holds about the caller. */
export interface AccountExport {
  exportedAt: string;
  profile: Record<string, unknown>;
  /** Every grant of access (purchases, renewals, given by hand, refunds), oldest first. */
  access: Array<Record<string, unknown>>;
  payments: Array<Record<string, unknown>>;
  progress: Array<Record<string, unknown>>;
  reminders: Array<Record<string, unknown>>;
  /** Her practice clips (what was sent, when, and the teacher's comments; not the files). */
  practiceClips: Array<Record<string, unknown>>;
  /** Her certificates of completion (issued, waiting, declined or revoked, with the reasons). */
  certificates: Array<Record<string, unknown>>;
  /** Her invoices and credit notes, and the billing details she gave last. */
  invoices: MyInvoice[];
  billing: MyBilling;
}

/** DELETE /users/me: 202 with this when the confirmation e-mail is on its way. */
export interface DeletionRequested {
  confirmation: 'sent';
}

/** The opt-out link of an access reminder is not the one the shop signed. */
export const REMINDERS_ERRORS = { badLink: 'reminders.bad_link' } as const;

export const ACCOUNT_DELETION_ERRORS = {
  /** The token of the confirmation e-mail is wrong, another account's, or expired. */
  tokenInvalid: 'account.deletion_token_invalid',
  /** An admin account is not deleted from here (the shop must keep its admins). */
  adminAccount: 'account.admin_not_deletable',
} as const;

export const USER_ERRORS = {
  emailTaken: 'users.email_taken',
  invalidCredentials: 'auth.invalid_credentials',
  resetTokenInvalid: 'auth.reset_token_invalid',
  classNotInItem: 'progress.class_not_in_item',
  itemNotFound: 'progress.item_not_found',
} as const;
