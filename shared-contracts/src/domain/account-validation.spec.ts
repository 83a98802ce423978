import {
  ACCOUNT_MESSAGES,
  isStrongPassword,
  isValidEmail,
  PASSWORD_MAX,
  validateForgot,
  validateLogin,
  validateRegistration,
  validateResetPassword,
} from './account-validation.js';

const good = {
  name: 'Ana',
  surname: 'Pérez',
  email: 'ana@example.com',
  password: 'Trapecio1',
  confirmPassword: 'Trapecio1',
};

describe('isValidEmail', () => {
  it.each(['a@b.co', 'ana.perez+circo@mail.example.org', '  ana@example.com  '])(
    'accepts %p',
    (e) => {
      expect(isValidEmail(e)).toBe(true);
    },
  );
  it.each([
    '',
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana @example.com',
    'ana@@example.com',
    'ana@example..com',
    'ana@.example.com',
    null,
  ])('rejects %p', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
  it('rejects addresses over 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(185)}.com`)).toBe(true); // 254
    expect(isValidEmail(`${'a'.repeat(65)}@${'b'.repeat(185)}.com`)).toBe(false); // 255
  });
});

describe('isStrongPassword', () => {
  it('needs 8 to 128 characters with upper, lower and digit', () => {
    expect(PASSWORD_MAX).toBe(128);
    expect(isStrongPassword('Abcdefg1')).toBe(true); // exactly 8
    expect(isStrongPassword('Abcdef1')).toBe(false); // 7
    expect(isStrongPassword('Ab1' + 'x'.repeat(125))).toBe(true); // 128
    expect(isStrongPassword('Ab1' + 'x'.repeat(126))).toBe(false); // 129
    expect(isStrongPassword('abcdefg1')).toBe(false); // no uppercase
    expect(isStrongPassword('ABCDEFG1')).toBe(false); // no lowercase
    expect(isStrongPassword('Abcdefgh')).toBe(false); // no digit
    expect(isStrongPassword('')).toBe(false);
    expect(isStrongPassword(undefined)).toBe(false);
  });
  it('counts accented letters and keeps spaces', () => {
    expect(isStrongPassword('ÑANDÚ ñandú 1')).toBe(true);
    expect(isStrongPassword(' Abcdef1')).toBe(true); // 8 with the space
  });
});

describe('validateRegistration', () => {
  it('accepts a valid form', () => {
    expect(validateRegistration(good)).toEqual({});
  });
  it('gives every key of an empty form', () => {
    expect(
      validateRegistration({
        name: ' ',
        surname: '',
        email: '  ',
        password: '',
        confirmPassword: '',
      }),
    ).toEqual({
      name: 'nameRequired',
      surname: 'surnameRequired',
      email: 'emailRequired',
      password: 'passwordInvalid',
      confirmPassword: 'confirmRequired',
    });
  });
  it('flags an invalid e-mail, a weak password and a mismatch', () => {
    expect(validateRegistration({ ...good, email: 'ana@' }).email).toBe('emailInvalid');
    expect(validateRegistration({ ...good, password: 'weak', confirmPassword: 'weak' })).toEqual({
      password: 'passwordInvalid',
    });
    expect(validateRegistration({ ...good, confirmPassword: 'Trapecio2' })).toEqual({
      confirmPassword: 'passwordsNotMatch',
    });
  });
  it('refuses names holding a character that changes the direction of text', () => {
    expect(validateRegistration({ ...good, name: 'Ana\u202egnp' })).toEqual({
      name: 'nameDirection',
    });
    expect(validateRegistration({ ...good, surname: '\u2067Pérez\u2069' })).toEqual({
      surname: 'nameDirection',
    });
  });
  it('documents the spec texts', () => {
    expect(ACCOUNT_MESSAGES.emailRequired).toBe('Email is required.');
    expect(ACCOUNT_MESSAGES.emailInvalid).toBe('Invalid email.');
    expect(ACCOUNT_MESSAGES.passwordInvalid).toBe(
      'Must have 8 characters, an uppercase, a lowercase and a number.',
    );
    expect(ACCOUNT_MESSAGES.confirmRequired).toBe('Repeat the password.');
    expect(ACCOUNT_MESSAGES.passwordsNotMatch).toBe('Passwords do not match.');
  });
});

describe('validateResetPassword', () => {
  it('applies the same password rules', () => {
    expect(validateResetPassword({ password: 'Trapecio1', confirmPassword: 'Trapecio1' })).toEqual(
      {},
    );
    expect(validateResetPassword({ password: 'short', confirmPassword: '' })).toEqual({
      password: 'passwordInvalid',
      confirmPassword: 'confirmRequired',
    });
    expect(validateResetPassword({ password: 'Trapecio1', confirmPassword: 'trapecio1' })).toEqual({
      confirmPassword: 'passwordsNotMatch',
    });
  });
});

describe('validateLogin', () => {
  it('needs an e-mail and any password', () => {
    expect(validateLogin({ email: 'ana@example.com', password: 'x' })).toEqual({});
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'emailRequired',
      password: 'passwordRequired',
    });
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({ email: 'emailInvalid' });
  });
});

describe('validateForgot', () => {
  it('needs a valid e-mail', () => {
    expect(validateForgot({ email: ' ana@example.com ' })).toEqual({});
    expect(validateForgot({ email: ' ' })).toEqual({ email: 'emailRequired' });
    expect(validateForgot({ email: 'ana' })).toEqual({ email: 'emailInvalid' });
  });
});
