import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { RegistrationPayload } from '../api/auth';
import { GENERIC_ERROR_MESSAGE } from '../config/constants';
import { BUSY_TAG, type FlowDestination, type Notice } from './auth-flow';
import { hasErrors, type FieldErrors } from './validation/auth-rules';
import { validateSignUp, type SignUpValues } from './validation/sign-up-rules';

export type SignUpField = keyof SignUpValues;

export const ACCOUNT_CREATED_NOTICE: Notice = {
  title: 'Account created Successfully!',
  description: 'Please check your email and click the confirmation link to activate your account.',
  variant: 'success',
};

/** spec §8 Sign up failure: the server's message, else the generic one. */
export function signUpFailureMessage(error: unknown): string {
  const serverMessage = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof serverMessage === 'string' && serverMessage.trim() !== ''
    ? serverMessage
    : GENERIC_ERROR_MESSAGE;
}

export function toRegistrationPayload(values: SignUpValues): RegistrationPayload {
  return {
    full_name: values.fullName.trim(),
    email: values.email.trim(),
    phone_number: values.phoneNumber.trim(),
    password1: values.password1,
    password2: values.password2,
  };
}

export interface SignUpContext {
  values: SignUpValues;
  errors: FieldErrors<SignUpField>;
  /** Errors show after the first submit and then follow every change. */
  submitted: boolean;
}

export type SignUpEvent =
  { type: 'form.change'; field: SignUpField; value: string } | { type: 'form.submit' };

export const EMPTY_SIGN_UP_VALUES: SignUpValues = {
  fullName: '',
  email: '',
  phoneNumber: '',
  password1: '',
  password2: '',
};

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    tags: {} as typeof BUSY_TAG,
  },
  actors: {
    register: fromPromise<void, RegistrationPayload>(async () => {
      throw new Error('signUpMachine: provide the register actor');
    }),
  },
  actions: {
    assignValue: assign({
      values: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    revalidate: assign({
      errors: ({ context }) => (context.submitted ? validateSignUp(context.values) : context.errors),
    }),
    showFieldErrors: assign({ errors: ({ context }) => validateSignUp(context.values), submitted: true }),
    clearErrors: assign({ errors: {} }),
    notify: (_, _params: Notice) => undefined,
    redirect: (_, _params: { to: FlowDestination }) => undefined,
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateSignUp(context.values)),
  },
}).createMachine({
  id: 'signUp',
  context: { values: EMPTY_SIGN_UP_VALUES, errors: {}, submitted: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: ['assignValue', 'revalidate'] },
        'form.submit': [
          { guard: 'isFormValid', target: 'registering', actions: 'clearErrors' },
          { actions: 'showFieldErrors' },
        ],
      },
    },
    registering: {
      tags: [BUSY_TAG],
      invoke: {
        src: 'register',
        input: ({ context }) => toRegistrationPayload(context.values),
        onDone: {
          target: 'registered',
          actions: [
            { type: 'notify', params: ACCOUNT_CREATED_NOTICE },
            { type: 'redirect', params: { to: '/signin' } },
          ],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              title: signUpFailureMessage(event.error),
              variant: 'destructive' as const,
            }),
          },
        },
      },
    },
    registered: { type: 'final' },
  },
});

export type SignUpActor = ActorRefFrom<typeof signUpMachine>;
export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;
