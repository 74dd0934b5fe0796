import {
  MESSAGES,
  isValidEmail,
  newPasswordProblem,
  registrationProblem,
} from '../../src/auth/validation.js';
import { normalizeEmail } from '../../src/users/repository.js';
import { registration } from './support.js';

type Registration = Parameters<typeof registrationProblem>[0];
const valid = registration() as unknown as Registration;

describe('sign-up rules', () => {
  it('accept a valid registration', () => {
    expect(registrationProblem(valid)).toBeNull();
  });

  it.each([
    [{ full_name: 'Al' }, MESSAGES.fullNameTooShort],
    [{ full_name: '   ' }, MESSAGES.fullNameTooShort],
    [{ email: 'not-an-email' }, MESSAGES.invalidEmail],
    [{ email: 'a@b' }, MESSAGES.invalidEmail],
    [{ email: 'a b@example.com' }, MESSAGES.invalidEmail],
    [{ phone_number: '+1202555' }, MESSAGES.phoneTooShort],
    [{ password1: 'Pa55wor', password2: 'Pa55wor' }, MESSAGES.passwordTooShort],
    [{ password1: 'password1', password2: 'password1' }, MESSAGES.passwordTooWeak],
    [{ password1: 'PASSWORD1', password2: 'PASSWORD1' }, MESSAGES.passwordTooWeak],
    [{ password1: 'Password', password2: 'Password' }, MESSAGES.passwordTooWeak],
    [{ password2: 'Passw0rd?' }, MESSAGES.passwordsDiffer],
  ])('%o → %s', (change, message) => {
    expect(registrationProblem({ ...valid, ...change })).toBe(message);
  });

  it('report the first broken rule in form order', () => {
    expect(registrationProblem({ ...valid, full_name: 'A', email: 'x' })).toBe(MESSAGES.fullNameTooShort);
  });

  it('use the spec words letter for letter', () => {
    expect(MESSAGES).toMatchObject({
      fullNameTooShort: 'Full Name must be at least 3 characters',
      invalidEmail: 'Invalid email address',
      phoneTooShort: 'Phone number must be at least 10 digits',
      passwordTooShort: 'Password must be at least 8 characters',
      passwordTooWeak:
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      passwordsDiffer: 'Passwords must match',
      newPasswordTooShort: 'Password must be at least 8 characters long',
    });
  });
});

describe('email addresses', () => {
  it('normalise to trimmed lower case', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
  });

  it('are checked for one @ and a dotted domain', () => {
    expect(isValidEmail('alice@example.com')).toBe(true);
    expect(isValidEmail('alice.o+cv@mail.example.co.uk')).toBe(true);
    expect(isValidEmail('alice@@example.com')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});

describe('new password rule (reset password)', () => {
  it('asks for 8 characters, then what every new password needs', () => {
    expect(newPasswordProblem('short')).toBe('Password must be at least 8 characters long');
    expect(newPasswordProblem('longenough')).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
    expect(newPasswordProblem('        ')).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
    expect(newPasswordProblem('Longenough1')).toBeNull();
    expect(newPasswordProblem('Longenough1', 'Longenough1')).toBe(
      'Your new password must be different from your current one.',
    );
  });
});
