import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { register, type RegistrationPayload } from '../../api/auth';
import { apiClient } from '../../api/client';
import { GENERIC_ERROR_MESSAGE } from '../../config/constants';
import {
  BUSY_TAG,
  formProblemOf,
  shownErrors,
  withoutField,
  serverMessageOr,
  type FlowDestination,
  type Notice,
} from './auth-flow';
import { hasErrors, type FieldErrors } from '../../account/auth-rules';
import { validateSignUp, type SignUpValues } from '../../account/sign-up-rules';
import { msg } from '../../../rules/languages';

export type SignUpField = keyof SignUpValues;

export const ACCOUNT_CREATED_NOTICE: Notice = {
  title: msg('Account created Successfully!'),
  description: msg('Please check your email and click the confirmation link to activate your account.'),
  variant: 'success',
};

/** docs/behaviour.md#messages: the server's message, else the generic one. */
export function signUpFailureMessage(error: unknown): string {
  return serverMessageOr(error, GENERIC_ERROR_MESSAGE);
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

/** The request's keys, as the server names the field it refuses. */
const SIGN_UP_FIELDS: Record<string, SignUpField> = {
  full_name: 'fullName',
  email: 'email',
  phone_number: 'phoneNumber',
  password1: 'password1',
  password2: 'password2',
};

export interface SignUpContext {
  values: SignUpValues;
  errors: FieldErrors<SignUpField>;
  /** What the server refused (e.g. an address it finds malformed), kept on its field until that field changes. */
  serverErrors: FieldErrors<SignUpField>;
  /** A refusal about no one field, shown above the form. */
  formError?: string;
  /** Errors show after the first submit and then follow every change. */
  submitted: boolean;
  /** Counts refused submits: each one moves the focus to the first field at fault. */
  attempt: number;
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
    register: fromPromise<void, RegistrationPayload>(({ input }) => register(apiClient, input)),
  },
  actions: {
    assignValue: assign(({ context, event }) =>
      event.type === 'form.change'
        ? {
            values: { ...context.values, [event.field]: event.value },
            serverErrors: withoutField(context.serverErrors, event.field),
          }
        : {},
    ),
    revalidate: assign({
      errors: ({ context }) =>
        shownErrors(context.submitted ? validateSignUp(context.values) : {}, context.serverErrors),
    }),
    showFieldErrors: assign({
      errors: ({ context }) => shownErrors(validateSignUp(context.values), context.serverErrors),
      submitted: true,
      attempt: ({ context }) => context.attempt + 1,
    }),
    clearErrors: assign({ errors: {}, serverErrors: {}, formError: undefined }),
    showRefusal: assign(({ context }, params: { error: unknown }) => {
      const problem = formProblemOf(params.error, SIGN_UP_FIELDS, signUpFailureMessage(params.error));
      const serverErrors = problem.field ? { [problem.field]: problem.message } : {};
      return {
        serverErrors,
        errors: shownErrors(validateSignUp(context.values), serverErrors),
        formError: problem.field ? undefined : problem.message,
        attempt: context.attempt + 1,
      };
    }),
    notify: (_, _params: Notice) => undefined,
    /** `confirmationSentTo`: the sign-in page says where the link went, with a way to send it again. */
    redirect: (_, _params: { to: FlowDestination; confirmationSentTo?: string }) => undefined,
  },
  guards: {
    isFormValid: ({ context }) => !hasErrors(validateSignUp(context.values)),
  },
}).createMachine({
  id: 'signUp',
  context: { values: EMPTY_SIGN_UP_VALUES, errors: {}, serverErrors: {}, submitted: false, attempt: 0 },
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
            {
              type: 'redirect',
              params: ({ context }) => ({
                to: '/signin' as const,
                confirmationSentTo: context.values.email.trim(),
              }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ event }) => ({
                title: signUpFailureMessage(event.error),
                variant: 'destructive' as const,
              }),
            },
          ],
        },
      },
    },
    registered: { type: 'final' },
  },
});

export type SignUpActor = ActorRefFrom<typeof signUpMachine>;
export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;
