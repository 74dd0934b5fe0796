/**
 * The interface language (docs/features/languages.md).
 *
 * The page opens in the language chosen on this device, else the browser's first one the product speaks, else
 * English. Choosing another in a language menu switches every screen at once (the language's words load first;
 * what the person typed stays as it is) and, while someone is signed in, keeps the choice with their account so
 * it follows them to their other devices. When a person signs in on a device that shows another language than
 * the one their account holds, the interface follows the account — unless they chose this device's language
 * just before signing in: then the account keeps that newer choice. A language whose words cannot load leaves the
 * interface as it was and says so; a choice the account could not keep still applies on this device.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isLanguageCode, msg, type LanguageCode, type Message } from '../../../rules/languages';

export interface LanguageContext {
  /** The language the interface speaks. */
  language: LanguageCode;
  /** Someone is signed in: a choice is kept with their account. */
  signedIn: boolean;
  /** A choice made while nobody was signed in, for the account of whoever signs in next. */
  choseWhileSignedOut: boolean;
  /** The language being switched to. */
  target?: LanguageCode;
}

export type LanguageEvent =
  /** A language menu's choice. */
  | { type: 'language.choose'; language: LanguageCode }
  /** The session's account, as it becomes known or changes: its saved language (null: never chosen). */
  | { type: 'account.known'; language: string | null | undefined }
  | { type: 'account.gone' };

export interface LanguageInput {
  language: LanguageCode;
}

export const LANGUAGE_LOAD_PROBLEM = msg('This language could not be loaded. Please try again.');

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
  },
  actors: {
    /** Loads the language's words and makes the interface speak it (and keeps it on this device). */
    switchLanguage: fromPromise<void, { language: LanguageCode }>(async () => undefined),
    /** Keeps the choice with the signed-in person's account. */
    saveChoice: fromPromise<void, { language: LanguageCode }>(async () => undefined),
  },
  guards: {
    isAnotherLanguage: ({ context }, params: { language: LanguageCode }) =>
      params.language !== context.language,
    accountHoldsAnotherLanguage: ({ context }, params: { language: string | null | undefined }) =>
      isLanguageCode(params.language) && params.language !== context.language,
    isSignedIn: ({ context }) => context.signedIn,
    choseWhileSignedOut: ({ context }) => context.choseWhileSignedOut,
  },
  actions: {
    setTarget: assign({ target: (_, params: { language: LanguageCode }) => params.language }),
    adoptTarget: assign({
      language: ({ context }) => context.target ?? context.language,
      target: undefined,
      choseWhileSignedOut: ({ context }) => !context.signedIn,
    }),
    dropTarget: assign({ target: undefined }),
    markSignedIn: assign({ signedIn: true }),
    markSignedOut: assign({ signedIn: false }),
    forgetChoiceWhileSignedOut: assign({ choseWhileSignedOut: false }),
    /** Says the problem where the person looks (the app shows a toast). */
    announceLoadProblem: (_, _params: { problem: Message }) => undefined,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: input.language, signedIn: false, choseWhileSignedOut: false }),
  initial: 'ready',
  on: {
    'account.known': { actions: 'markSignedIn' },
    'account.gone': { actions: 'markSignedOut' },
  },
  states: {
    ready: {
      on: {
        'language.choose': {
          guard: { type: 'isAnotherLanguage', params: ({ event }) => ({ language: event.language }) },
          target: 'switching',
          actions: { type: 'setTarget', params: ({ event }) => ({ language: event.language }) },
        },
        'account.known': [
          // Chosen on this device just before signing in: the newer choice goes to the account.
          {
            guard: 'choseWhileSignedOut',
            target: 'saving',
            actions: ['markSignedIn', 'forgetChoiceWhileSignedOut'],
          },
          {
            guard: {
              type: 'accountHoldsAnotherLanguage',
              params: ({ event }) => ({ language: event.language }),
            },
            target: 'following',
            actions: [
              'markSignedIn',
              { type: 'setTarget', params: ({ event }) => ({ language: event.language as LanguageCode }) },
            ],
          },
          { actions: 'markSignedIn' },
        ],
      },
    },
    /** The person chose: the words load, then the account keeps the choice. */
    switching: {
      invoke: {
        src: 'switchLanguage',
        input: ({ context }) => ({ language: context.target ?? context.language }),
        onDone: [
          { guard: 'isSignedIn', target: 'saving', actions: 'adoptTarget' },
          { target: 'ready', actions: 'adoptTarget' },
        ],
        onError: {
          target: 'ready',
          actions: [
            'dropTarget',
            { type: 'announceLoadProblem', params: { problem: LANGUAGE_LOAD_PROBLEM } },
          ],
        },
      },
    },
    /** The account holds another language than this device shows: the interface follows it (nothing to save). */
    following: {
      invoke: {
        src: 'switchLanguage',
        input: ({ context }) => ({ language: context.target ?? context.language }),
        onDone: { target: 'ready', actions: 'adoptTarget' },
        onError: {
          target: 'ready',
          actions: [
            'dropTarget',
            { type: 'announceLoadProblem', params: { problem: LANGUAGE_LOAD_PROBLEM } },
          ],
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveChoice',
        input: ({ context }) => ({ language: context.language }),
        // Not kept with the account (offline, an older backend): the choice still applies on this device.
        onDone: 'ready',
        onError: 'ready',
      },
    },
  },
});

export type LanguageActor = ActorRefFrom<typeof languageMachine>;
export type LanguageSnapshot = SnapshotFrom<typeof languageMachine>;
