import {
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
} from '../../src/account/auth-rules';
import { phoneNumber, validateSignUp } from '../../src/account/sign-up-rules';
import { ACCOUNT_MESSAGES } from '../../rules/account';

describe('auth rules', () => {
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
  ])('refuses the email %j with its message', (email) => {
    expect(validEmail(email)).toBe(ACCOUNT_MESSAGES.invalidEmail);
  });

  it('requires the forgot-password email, with default schema messages', () => {
    expect(requiredEmail('')).toBe(ACCOUNT_MESSAGES.required);
    expect(requiredEmail('   ')).toBe(ACCOUNT_MESSAGES.required);
    expect(requiredEmail('ada')).toBe(ACCOUNT_MESSAGES.invalidEmailDefault);
    expect(requiredEmail('ada@example.com')).toBeUndefined();
  });

  it('needs a sign-in password of 8 characters', () => {
    expect(signInPassword('')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(signInPassword('1234567')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(signInPassword('12345678')).toBeUndefined();
  });

  it('needs a full name of 3 characters, not counting surrounding spaces', () => {
    expect(fullName('Al')).toBe(ACCOUNT_MESSAGES.fullNameTooShort);
    expect(fullName('  Al  ')).toBe(ACCOUNT_MESSAGES.fullNameTooShort);
    expect(fullName('Ada')).toBeUndefined();
  });

  it('needs a phone number of 10 characters that can exist in its country', () => {
    expect(phoneNumber('')).toBe(ACCOUNT_MESSAGES.phoneTooShort);
    expect(phoneNumber('+26481123')).toBe(ACCOUNT_MESSAGES.phoneTooShort);
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
    expect(newAccountPassword('Ab1')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(newAccountPassword('abcdefgh')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(newAccountPassword('ABCDEFG1')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(newAccountPassword('abcdefg1')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(newAccountPassword('Abcdefgh')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(newAccountPassword('Abcdefg1')).toBeUndefined();
  });

  it('compares the confirmation exactly', () => {
    expect(passwordsMatch('Abcdefg1', 'Abcdefg1')).toBeUndefined();
    expect(passwordsMatch('Abcdefg1', 'abcdefg1')).toBe(ACCOUNT_MESSAGES.passwordsMustMatch);
    expect(resetPasswordsMatch('Abcdefg1', 'Abcdefg1 ')).toBe(ACCOUNT_MESSAGES.passwordsDoNotMatch);
    expect(resetPassword('1234567')).toBe(ACCOUNT_MESSAGES.newPasswordTooShort);
    // One rule for every new password: the reset asks what sign up asks.
    expect(resetPassword('12345678')).toBe(ACCOUNT_MESSAGES.passwordTooWeak);
    expect(resetPassword('Engines1843')).toBeUndefined();
  });

  it('validates whole forms, naming only the failing fields', () => {
    expect(validateSignIn({ email: 'ada@example.com', password: 'Passw0rd' })).toEqual({});
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: ACCOUNT_MESSAGES.invalidEmail,
      password: ACCOUNT_MESSAGES.passwordTooShort,
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
      fullName: ACCOUNT_MESSAGES.fullNameTooShort,
      email: ACCOUNT_MESSAGES.invalidEmail,
      phoneNumber: ACCOUNT_MESSAGES.phoneTooShort,
      password1: ACCOUNT_MESSAGES.passwordTooShort,
      password2: ACCOUNT_MESSAGES.passwordsMustMatch,
    });
    expect(validateForgotPassword({ email: '' })).toEqual({ email: ACCOUNT_MESSAGES.required });
    expect(validateResetPassword({ newPassword: 'short', confirmPassword: 'other' })).toEqual({
      newPassword: ACCOUNT_MESSAGES.newPasswordTooShort,
      confirmPassword: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    });
  });

  it('needs both uid and token in a confirmation link, and a token in a reset link', () => {
    expect(confirmationLink({ uid: 'MQ', token: 'abc' })).toBeUndefined();
    expect(confirmationLink({ uid: 'MQ' })).toBe(ACCOUNT_MESSAGES.invalidConfirmationLink);
    expect(confirmationLink({ token: 'abc' })).toBe(ACCOUNT_MESSAGES.invalidConfirmationLink);
    expect(confirmationLink({ uid: '', token: '' })).toBe(ACCOUNT_MESSAGES.invalidConfirmationLink);
    expect(hasResetToken({ token: 'abc' })).toBe(true);
    expect(hasResetToken({})).toBe(false);
    expect(hasResetToken({ token: ' ' })).toBe(false);
  });
});
