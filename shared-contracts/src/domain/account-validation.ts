// Account form rules (storefront spec section 5). Run in the form for instant feedback and in the
// API on the same input, so both reject exactly the same things.
import { hasBidiControls, isBlank, type FieldErrors } from './validation.js';

export const PASSWORD_MIN = 8;
// An upper bound keeps password hashing cheap for the server whatever the client sends.
export const PASSWORD_MAX = 128;
// RFC 5321 limit for a whole address.
export const EMAIL_MAX = 254;

/** Message keys, with the spec's English text (each front end translates them). */
export const ACCOUNT_MESSAGES = {
  nameRequired: 'First name is required.', // text not in the spec
  surnameRequired: 'Last name is required.', // text not in the spec
  nameDirection: 'Names cannot contain characters that change the direction of text.', // ours
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email.',
  passwordRequired: 'Password is required.', // login only; text not in the spec
  passwordInvalid: 'Must have 8 characters, an uppercase, a lowercase and a number.',
  confirmRequired: 'Repeat the password.',
  passwordsNotMatch: 'Passwords do not match.',
} as const;
export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

// Deliberately loose (something@domain.tld, no spaces): the real check is the e-mail we send.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A plausible address; surrounding spaces are ignored (forms send the trimmed value). */
export function isValidEmail(value: string | null | undefined): boolean {
  const email = (value ?? '').trim();
  return email.length <= EMAIL_MAX && EMAIL.test(email);
}

/**
 * 8 to 128 characters with an uppercase letter, a lowercase letter and a digit. Accented letters
 * count as upper/lowercase (Ñ, é). The password is never trimmed: spaces are valid characters.
 */
export function isStrongPassword(value: string | null | undefined): boolean {
  const p = value ?? '';
  return (
    p.length >= PASSWORD_MIN &&
    p.length <= PASSWORD_MAX &&
    /\p{Lu}/u.test(p) &&
    /\p{Ll}/u.test(p) &&
    /\d/.test(p)
  );
}

export interface RegistrationInput {
  name: string;
  surname: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export type RegistrationErrors = FieldErrors<keyof RegistrationInput, AccountMessageKey>;

function emailError(
  email: string | null | undefined,
): 'emailRequired' | 'emailInvalid' | undefined {
  if (isBlank(email)) return 'emailRequired';
  return isValidEmail(email) ? undefined : 'emailInvalid';
}

// A new password and its repetition: shared by registration and reset.
function newPasswordErrors(
  password: string,
  confirmPassword: string,
): FieldErrors<'password' | 'confirmPassword', AccountMessageKey> {
  const errors: FieldErrors<'password' | 'confirmPassword', AccountMessageKey> = {};
  if (!isStrongPassword(password)) errors.password = 'passwordInvalid';
  if (!confirmPassword) errors.confirmPassword = 'confirmRequired';
  else if (confirmPassword !== password) errors.confirmPassword = 'passwordsNotMatch';
  return errors;
}

/** Field -> message key; empty when valid. Names and e-mail are checked trimmed. */
export function validateRegistration(input: RegistrationInput): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (isBlank(input.name)) errors.name = 'nameRequired';
  else if (hasBidiControls(input.name)) errors.name = 'nameDirection';
  if (isBlank(input.surname)) errors.surname = 'surnameRequired';
  else if (hasBidiControls(input.surname)) errors.surname = 'nameDirection';
  const email = emailError(input.email);
  if (email) errors.email = email;
  return { ...errors, ...newPasswordErrors(input.password, input.confirmPassword) };
}

export interface ResetPasswordInput {
  password: string;
  confirmPassword: string;
}
export function validateResetPassword(
  input: ResetPasswordInput,
): FieldErrors<keyof ResetPasswordInput, AccountMessageKey> {
  return newPasswordErrors(input.password, input.confirmPassword);
}

export interface LoginInput {
  email: string;
  password: string;
}
/** Login only needs a password, not a strong one: older accounts may predate the rule. */
export function validateLogin(input: LoginInput): FieldErrors<keyof LoginInput, AccountMessageKey> {
  const errors: FieldErrors<keyof LoginInput, AccountMessageKey> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (!input.password) errors.password = 'passwordRequired';
  return errors;
}

export function validateForgot(input: { email: string }): FieldErrors<'email', AccountMessageKey> {
  const email = emailError(input.email);
  return email ? { email } : {};
}
