import {
  isValidEmail,
  newPasswordProblem as serverNewPassword,
  phoneProblem as serverPhone,
  registrationProblem,
  signUpPasswordProblem as serverSignUpPassword,
} from '../../server/src/auth/validation';
import {
  passwordChangeProblem as serverPasswordChange,
  profileUpdateProblem,
} from '../../server/src/profile/validation';
import { buildRenderModelFromFormData } from '../../server/src/cv-input/values';
import { getTemplateRegistry } from '../../server/src/templates/registry';
import { entriesFromFormData } from '../../src/cv/form-data';
import { passwordChangeProblem as webPasswordChange } from '../../src/machines/profile/change-password-machine';
import { validateProfile } from '../../src/machines/profile/profile-machine';
import {
  fullName as webFullName,
  isEmail as webIsEmail,
  newAccountPassword as webSignUpPassword,
  resetPassword as webResetPassword,
} from '../../src/account/auth-rules';
import { phoneNumber as webPhone } from '../../src/account/sign-up-rules';

// One rule per thing: the web app and the server check the account rules of rules/account.ts with their own
// functions; these cases run through both and must get the same verdict (the same message, or none).

const registration = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone_number: '+44 20 7946 0000',
  password1: 'Engines1843',
  password2: 'Engines1843',
};

describe('the web app and the server agree on every account rule', () => {
  it.each([
    'Ada Lovelace',
    'Al',
    '  Al  ',
    '\u200b\u200b\u200b',
    'A\u200bda',
    'Zoë',
    '李小龙',
    'A'.repeat(150),
    'A'.repeat(151),
  ])('full name %j', (name) => {
    const server = registrationProblem({ ...registration, full_name: name });
    const web = webFullName(name);
    expect(server ?? undefined).toBe(web);
    const profile = profileUpdateProblem({ full_name: name, email: 'ada@example.com', phone_number: '' });
    expect(profile ?? undefined).toBe(
      validateProfile({ fullName: name, email: 'ada@example.com', phoneNumber: '', currentPassword: '' }).fullName,
    );
  });

  it.each([
    'ada@example.com',
    ' ada@example.com ',
    'ada.lovelace+cv@example.co.uk',
    'ada@example',
    'ada@@example.com',
    '.ada@example.com',
    'ada..l@example.com',
    'ada@example.c',
    'ada lovelace@example.com',
    '',
  ])('email %j', (email) => {
    expect(isValidEmail(email.trim())).toBe(webIsEmail(email));
  });

  it.each([
    '+44 20 7946 0000',
    '+442079460000',
    '+1 202 555 0123',
    '+264 81 123 4567',
    '+1442079460000',
    '+102079460000',
    '+2648112',
    '',
    'call me maybe',
  ])('phone number %j', (phone) => {
    expect(serverPhone(phone) ?? undefined).toBe(webPhone(phone));
  });

  it.each([
    'Engines1843',
    'engines1843',
    'ENGINES1843',
    'Engines',
    'Eng1',
    '        ',
    'Äbcdefg1',
    'A'.repeat(129) + 'a1',
  ])('new password %j', (password) => {
    expect(serverSignUpPassword(password) ?? undefined).toBe(webSignUpPassword(password));
    expect(serverNewPassword(password) ?? undefined).toBe(webResetPassword(password));
  });

  it.each([
    ['Current1', 'Engines1843'],
    ['Current1', 'Current1'],
    ['Current1', 'short'],
    ['Current1', '        '],
    ['', 'Engines1843'],
  ])('password change from %j to %j', (current, next) => {
    const server = serverPasswordChange({ current_password: current, new_password: next });
    const web = webPasswordChange({ currentPassword: current, newPassword: next, confirmPassword: next });
    expect(server ?? undefined).toBe(web);
  });
});

describe('the web app and the server read form-data keys alike (name-fieldId-repeatIndex, rules/cv.ts)', () => {
  const executive = getTemplateRegistry().bySlug('executive-classic')!.definition;

  // Read: the builder saves the value as an entry of field 1001, and the server prints it as the person's name.
  // A key whose name part is empty names no field: neither half reads it.
  it.each([
    ['full_name-1001-0', true],
    ['full-name-1001-0', true],
    ['line-1-name-1001-0', true],
    ['-1001-0', false],
    ['1001-0', false],
    ['full_name-1001', false],
    ['full_name-x-0', false],
    ['full_name-1001-y', false],
    ['', false],
  ])('key %j read: %s', (key, read) => {
    const formData = { 'Personal Details': { [key]: 'Ada Lovelace' } };
    const web = entriesFromFormData(formData);
    const server = buildRenderModelFromFormData(executive, formData);
    expect(web.length > 0).toBe(read);
    expect(server.person.name === 'Ada Lovelace').toBe(read);
  });
});
