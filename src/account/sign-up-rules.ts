import { accountPhoneProblem } from './phone-rules';
import { fullName, newAccountPassword, passwordsMatch, validEmail, withoutPassing, type FieldErrors } from './auth-rules';

// Sign up's rules: apart from the others because the phone check carries libphonenumber's metadata, which only
// the screens with a phone field load (sign in stays light).

export function phoneNumber(value: string): string | undefined {
  return accountPhoneProblem(value, { required: true });
}

export interface SignUpValues {
  fullName: string;
  email: string;
  phoneNumber: string;
  password1: string;
  password2: string;
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  return withoutPassing({
    fullName: fullName(values.fullName),
    email: validEmail(values.email),
    phoneNumber: phoneNumber(values.phoneNumber),
    password1: newAccountPassword(values.password1),
    password2: passwordsMatch(values.password1, values.password2),
  });
}

