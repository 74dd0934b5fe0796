import {
  FULL_NAME_TOO_SHORT_MESSAGE,
  INVALID_CONFIRMATION_LINK_MESSAGE,
  INVALID_EMAIL_DEFAULT_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  NEW_PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PASSWORDS_MUST_MATCH_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORD_TOO_WEAK_MESSAGE,
  PHONE_TOO_SHORT_MESSAGE,
  REQUIRED_MESSAGE,
  confirmationLink,
  fullName,
  hasResetToken,
  isEmail,
  newAccountPassword,
  passwordsMatch,
  requiredEmail,
  resetPassword,
  resetPasswordsMatch,
  signInPassword,
  validEmail,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
} from '../../../src/machines/validation/auth-rules';
import { phoneNumber, validateSignUp } from '../../../src/machines/validation/sign-up-rules';

describe('auth rules (spec §5)', () => {
  it.each([
    'ada@example.com',
    'ada.lovelace+cv@mail.example.co.uk',
    "o'brien@example.ie",
    ' ada@example.com ',
  ])('accepts the email %j', (email) => {
    expect(isEmail(email)).toBe(true);
    expect(validEmail(email)).toBeUndefined();
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@@example.com',
    '.ada@example.com',
    'ada..l@example.com',
    'ada@example.c',
  ])('refuses the email %j with the spec message', (email) => {
    expect(validEmail(email)).toBe(INVALID_EMAIL_MESSAGE);
  });

  it('requires the forgot-password email, with default schema messages', () => {
    expect(requiredEmail('')).toBe(REQUIRED_MESSAGE);
    expect(requiredEmail('   ')).toBe(REQUIRED_MESSAGE);
    expect(requiredEmail('ada')).toBe(INVALID_EMAIL_DEFAULT_MESSAGE);
    expect(requiredEmail('ada@example.com')).toBeUndefined();
  });

  it('needs a sign-in password of 8 characters', () => {
    expect(signInPassword('')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(signInPassword('1234567')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(signInPassword('12345678')).toBeUndefined();
  });

  it('needs a full name of 3 characters, not counting surrounding spaces', () => {
    expect(fullName('Al')).toBe(FULL_NAME_TOO_SHORT_MESSAGE);
    expect(fullName('  Al  ')).toBe(FULL_NAME_TOO_SHORT_MESSAGE);
    expect(fullName('Ada')).toBeUndefined();
  });

  it('needs a phone number of 10 characters that can exist in its country', () => {
    expect(phoneNumber('')).toBe(PHONE_TOO_SHORT_MESSAGE);
    expect(phoneNumber('+26481123')).toBe(PHONE_TOO_SHORT_MESSAGE);
    expect(phoneNumber('+264811234567')).toBeUndefined();
    expect(phoneNumber('+442079460000')).toBeUndefined();
    // What pasting a UK number into a field fixed on +1 used to produce: no such number.
    expect(phoneNumber('+1442079460000')).toBe(
      'This phone number cannot exist in the selected country. Please check it.',
    );
    expect(phoneNumber('+102079460000')).toBe(
      'This phone number cannot exist in the selected country. Please check it.',
    );
  });

  it('checks a new account password for length first, then for its mix of characters', () => {
    expect(newAccountPassword('Ab1')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(newAccountPassword('abcdefgh')).toBe(PASSWORD_TOO_WEAK_MESSAGE);
    expect(newAccountPassword('ABCDEFG1')).toBe(PASSWORD_TOO_WEAK_MESSAGE);
    expect(newAccountPassword('abcdefg1')).toBe(PASSWORD_TOO_WEAK_MESSAGE);
    expect(newAccountPassword('Abcdefgh')).toBe(PASSWORD_TOO_WEAK_MESSAGE);
    expect(newAccountPassword('Abcdefg1')).toBeUndefined();
  });

  it('compares the confirmation exactly', () => {
    expect(passwordsMatch('Abcdefg1', 'Abcdefg1')).toBeUndefined();
    expect(passwordsMatch('Abcdefg1', 'abcdefg1')).toBe(PASSWORDS_MUST_MATCH_MESSAGE);
    expect(resetPasswordsMatch('Abcdefg1', 'Abcdefg1 ')).toBe(PASSWORDS_DO_NOT_MATCH_MESSAGE);
    expect(resetPassword('1234567')).toBe(NEW_PASSWORD_TOO_SHORT_MESSAGE);
    // One rule for every new password: the reset asks what sign up asks.
    expect(resetPassword('12345678')).toBe(PASSWORD_TOO_WEAK_MESSAGE);
    expect(resetPassword('Engines1843')).toBeUndefined();
  });

  it('validates whole forms, naming only the failing fields', () => {
    expect(validateSignIn({ email: 'ada@example.com', password: 'Passw0rd' })).toEqual({});
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: INVALID_EMAIL_MESSAGE,
      password: PASSWORD_TOO_SHORT_MESSAGE,
    });
    expect(
      validateSignUp({
        fullName: 'Ada',
        email: 'ada@example.com',
        phoneNumber: '+264811234567',
        password1: 'Passw0rd',
        password2: 'Passw0rd',
      }),
    ).toEqual({});
    expect(
      validateSignUp({ fullName: '', email: '', phoneNumber: '', password1: '', password2: 'x' }),
    ).toEqual({
      fullName: FULL_NAME_TOO_SHORT_MESSAGE,
      email: INVALID_EMAIL_MESSAGE,
      phoneNumber: PHONE_TOO_SHORT_MESSAGE,
      password1: PASSWORD_TOO_SHORT_MESSAGE,
      password2: PASSWORDS_MUST_MATCH_MESSAGE,
    });
    expect(validateForgotPassword({ email: '' })).toEqual({ email: REQUIRED_MESSAGE });
    expect(validateResetPassword({ newPassword: 'short', confirmPassword: 'other' })).toEqual({
      newPassword: NEW_PASSWORD_TOO_SHORT_MESSAGE,
      confirmPassword: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    });
  });

  it('needs both uid and token in a confirmation link, and a token in a reset link', () => {
    expect(confirmationLink({ uid: 'MQ', token: 'abc' })).toBeUndefined();
    expect(confirmationLink({ uid: 'MQ' })).toBe(INVALID_CONFIRMATION_LINK_MESSAGE);
    expect(confirmationLink({ token: 'abc' })).toBe(INVALID_CONFIRMATION_LINK_MESSAGE);
    expect(confirmationLink({ uid: '', token: '' })).toBe(INVALID_CONFIRMATION_LINK_MESSAGE);
    expect(hasResetToken({ token: 'abc' })).toBe(true);
    expect(hasResetToken({})).toBe(false);
    expect(hasResetToken({ token: ' ' })).toBe(false);
  });
});
