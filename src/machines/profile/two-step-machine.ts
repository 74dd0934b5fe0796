import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError, refusedFieldOf } from '../../api/api-error';
import { getProfile } from '../../api/auth';
import { apiClient } from '../../api/client';
import {
  disableTwoStep,
  enableTwoStep,
  startTwoStepSetup,
  type DisableTwoStepPayload,
} from '../../api/two-step';
import { codeProblem, qrCodeDataUrl, TWO_STEP_MESSAGES, typedCode } from '../../account/two-step';
import { msg } from '../../../rules/languages';
import type { Notice } from '../auth/auth-flow';
import { newRecoveryCodesMachine, type NewRecoveryCodesOutput } from './new-recovery-codes-machine';

/*
 * Profile → Security → Two-step sign-in. Off: "Turn on" asks the server for a new key and shows it as a QR code
 * and as text; a code from the app confirms it; then the ten recovery codes are shown once, to download or print.
 * On: "Turn off" asks for the password (accounts that have one) and a code; "New recovery codes" hands over to a
 * child machine (new-recovery-codes-machine.ts) that asks the same, and its new codes are shown like the first
 * ones. A backend without two-step sign-in (no `two_factor_enabled` in the profile) leaves the card out.
 */

export const STATUS_LOAD_FAILED_MESSAGE = msg('Your two-step sign-in settings could not be loaded.');
export const TURNED_ON_NOTICE: Notice = {
  title: msg('Two-step sign-in is on'),
  description: msg('Save your recovery codes now: they are shown only once.'),
  variant: 'success',
};
export const TURNED_OFF_NOTICE: Notice = { title: msg('Two-step sign-in is off'), variant: 'success' };
export const NEW_CODES_NOTICE: Notice = {
  title: msg('New recovery codes are ready'),
  description: msg(
    'Your old recovery codes no longer work. Save the new ones now: they are shown only once.',
  ),
  variant: 'success',
};

export interface KeyToScan {
  secret: string;
  otpauthUrl: string;
  /** The QR code as an image address (an SVG data URL). */
  qrCode: string;
}

export interface TwoStepContext {
  email: string;
  hasPassword: boolean;
  key?: KeyToScan;
  recoveryCodes: string[];
  code: string;
  password: string;
  codeError?: string;
  passwordError?: string;
  error?: string;
  /** Counts refused submits: each one moves the focus to what needs attention. */
  attempt: number;
}

export type TwoStepEvent =
  | { type: 'setup.start' }
  | { type: 'setup.cancel' }
  | { type: 'setup.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'password.change'; value: string }
  | { type: 'codes.download' }
  | { type: 'codes.print' }
  | { type: 'codes.done' }
  | { type: 'codes.renew' }
  | { type: 'disable.start' }
  | { type: 'disable.cancel' }
  | { type: 'disable.submit' }
  | { type: 'status.retry' };

interface Status {
  supported: boolean;
  on: boolean;
  email: string;
  hasPassword: boolean;
}

/** Either kind of code turns it off: the app's six digits or a recovery code. */
function anyCodeProblem(value: string): string | undefined {
  const app = codeProblem(value, 'app');
  return app === undefined || codeProblem(value, 'recovery') === undefined ? undefined : app;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message.trim() !== '' ? error.message : fallback;

export const twoStepMachine = setup({
  types: { context: {} as TwoStepContext, events: {} as TwoStepEvent },
  actors: {
    loadStatus: fromPromise<Status>(async ({ signal }) => {
      const profile = await getProfile(apiClient, { signal });
      return {
        supported: profile.two_factor_enabled !== undefined,
        on: profile.two_factor_enabled === true,
        email: profile.email,
        hasPassword: profile.has_password !== false,
      };
    }),
    startSetup: fromPromise<KeyToScan>(async () => {
      const started = await startTwoStepSetup(apiClient);
      return {
        secret: started.secret,
        otpauthUrl: started.otpauth_url,
        qrCode: await qrCodeDataUrl(started.otpauth_url),
      };
    }),
    enable: fromPromise<string[], { code: string }>(({ input }) => enableTwoStep(apiClient, input)),
    disable: fromPromise<void, DisableTwoStepPayload>(({ input }) => disableTwoStep(apiClient, input)),
    newRecoveryCodes: newRecoveryCodesMachine,
  },
  actions: {
    assignStatus: assign((_, params: { status: Status }) => ({
      email: params.status.email,
      hasPassword: params.status.hasPassword,
      error: undefined,
    })),
    assignKey: assign({ key: (_, params: { key: KeyToScan }) => params.key }),
    assignRecoveryCodes: assign({
      recoveryCodes: (_, params: { codes: string[] }) => params.codes,
      // The key is not shown again once it is in use.
      key: undefined,
    }),
    clearForm: assign({ code: '', password: '', codeError: undefined, passwordError: undefined }),
    forgetSecrets: assign({ key: undefined, recoveryCodes: [] }),
    assignCode: assign({
      code: ({ context, event }) => (event.type === 'code.change' ? event.value : context.code),
      codeError: undefined,
    }),
    assignPassword: assign({
      password: ({ context, event }) => (event.type === 'password.change' ? event.value : context.password),
      passwordError: undefined,
    }),
    showSetupCodeProblem: assign({
      codeError: ({ context }) => codeProblem(context.code, 'app'),
      attempt: ({ context }) => context.attempt + 1,
    }),
    showDisableProblems: assign({
      passwordError: ({ context }) =>
        context.hasPassword && context.password === '' ? TWO_STEP_MESSAGES.passwordRequired : undefined,
      codeError: ({ context }) => anyCodeProblem(context.code),
      attempt: ({ context }) => context.attempt + 1,
    }),
    showRefusal: assign(({ context }, params: { error: unknown }) => {
      const message = messageOf(params.error, msg('Something went wrong. Please try again.'));
      const onPassword = refusedFieldOf(params.error) === 'current_password';
      return {
        codeError: onPassword ? undefined : message,
        passwordError: onPassword ? message : undefined,
        code: '',
        attempt: context.attempt + 1,
      };
    }),
    assignLoadError: assign({
      error: (_, params: { error: unknown }) => messageOf(params.error, STATUS_LOAD_FAILED_MESSAGE),
    }),
    notify: (_, _params: Notice) => undefined,
    // The route gives the browser's download and print; the machine says when.
    downloadRecoveryCodes: (_, _params: { codes: string[]; email: string }) => undefined,
    printRecoveryCodes: (_, _params: { codes: string[]; email: string }) => undefined,
  },
  guards: {
    isUnsupported: (_, params: { status: Status }) => !params.status.supported,
    isOn: (_, params: { status: Status }) => params.status.on,
    isSetupCodeValid: ({ context }) => codeProblem(context.code, 'app') === undefined,
    isDisableFormValid: ({ context }) =>
      (!context.hasPassword || context.password !== '') && anyCodeProblem(context.code) === undefined,
    hasNewCodes: (_, params: { output: NewRecoveryCodesOutput }) => params.output.codes !== undefined,
    isNotFound: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.status === 404,
  },
}).createMachine({
  id: 'twoStep',
  context: { email: '', hasPassword: true, recoveryCodes: [], code: '', password: '', attempt: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isUnsupported', params: ({ event }) => ({ status: event.output }) },
            target: 'unsupported',
          },
          {
            guard: { type: 'isOn', params: ({ event }) => ({ status: event.output }) },
            target: 'on',
            actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            target: 'off',
            actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'status.retry': 'loading' } },
    unsupported: { type: 'final' },
    off: {
      on: { 'setup.start': 'startingSetup' },
    },
    startingSetup: {
      tags: ['busy'],
      invoke: {
        src: 'startSetup',
        onDone: {
          target: 'confirming',
          actions: ['clearForm', { type: 'assignKey', params: ({ event }) => ({ key: event.output }) }],
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'unsupported',
          },
          {
            target: 'off',
            actions: {
              type: 'notify',
              params: ({ event }) => ({
                title: messageOf(event.error, STATUS_LOAD_FAILED_MESSAGE),
                variant: 'destructive' as const,
              }),
            },
          },
        ],
      },
    },
    confirming: {
      on: {
        'code.change': { actions: 'assignCode' },
        'setup.submit': [
          { guard: 'isSetupCodeValid', target: 'enabling' },
          { actions: 'showSetupCodeProblem' },
        ],
        'setup.cancel': { target: 'off', actions: ['clearForm', 'forgetSecrets'] },
      },
    },
    enabling: {
      tags: ['busy'],
      invoke: {
        src: 'enable',
        input: ({ context }) => ({ code: typedCode(context.code) }),
        onDone: {
          target: 'showingRecoveryCodes',
          actions: [
            'clearForm',
            { type: 'assignRecoveryCodes', params: ({ event }) => ({ codes: event.output }) },
            { type: 'notify', params: TURNED_ON_NOTICE },
          ],
        },
        onError: {
          target: 'confirming',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    showingRecoveryCodes: {
      on: {
        'codes.download': {
          actions: {
            type: 'downloadRecoveryCodes',
            params: ({ context }) => ({ codes: context.recoveryCodes, email: context.email }),
          },
        },
        'codes.print': {
          actions: {
            type: 'printRecoveryCodes',
            params: ({ context }) => ({ codes: context.recoveryCodes, email: context.email }),
          },
        },
        'codes.done': { target: 'on', actions: 'forgetSecrets' },
      },
    },
    on: {
      on: {
        'disable.start': { target: 'confirmingOff', actions: 'clearForm' },
        'codes.renew': 'renewingCodes',
      },
    },
    renewingCodes: {
      invoke: {
        id: 'newCodes',
        src: 'newRecoveryCodes',
        input: ({ context }) => ({ hasPassword: context.hasPassword }),
        onDone: [
          {
            guard: { type: 'hasNewCodes', params: ({ event }) => ({ output: event.output }) },
            target: 'showingRecoveryCodes',
            actions: [
              { type: 'assignRecoveryCodes', params: ({ event }) => ({ codes: event.output.codes ?? [] }) },
              { type: 'notify', params: NEW_CODES_NOTICE },
            ],
          },
          { target: 'on' },
        ],
      },
    },
    confirmingOff: {
      on: {
        'password.change': { actions: 'assignPassword' },
        'code.change': { actions: 'assignCode' },
        'disable.submit': [
          { guard: 'isDisableFormValid', target: 'turningOff' },
          { actions: 'showDisableProblems' },
        ],
        'disable.cancel': { target: 'on', actions: 'clearForm' },
      },
    },
    turningOff: {
      tags: ['busy'],
      invoke: {
        src: 'disable',
        input: ({ context }) => ({
          ...(context.hasPassword ? { current_password: context.password } : {}),
          code: typedCode(context.code),
        }),
        onDone: { target: 'off', actions: ['clearForm', { type: 'notify', params: TURNED_OFF_NOTICE }] },
        onError: {
          target: 'confirmingOff',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type TwoStepActor = ActorRefFrom<typeof twoStepMachine>;
export type TwoStepSnapshot = SnapshotFrom<typeof twoStepMachine>;
