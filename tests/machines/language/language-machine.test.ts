import { createActor, createMachine } from 'xstate';
import type { LanguageCode, Message } from '../../../rules/languages';
import { LANGUAGE_LOAD_PROBLEM, languageMachine } from '../../../src/machines/language/language-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

function start(language: LanguageCode = 'en') {
  const switches = deferredActor<void, { language: LanguageCode }>();
  const saves = deferredActor<void, { language: LanguageCode }>();
  const problems: Message[] = [];
  const actor = createActor(
    languageMachine.provide({
      actors: { switchLanguage: switches.logic, saveChoice: saves.logic },
      actions: { announceLoadProblem: (_, params) => problems.push(params.problem) },
    }),
    { input: { language } },
  ).start();
  return { actor, switches, saves, problems };
}

type World = ReturnType<typeof start>;

// What a person sees of the interface language, as a model: a choice switches, a signed-in choice is kept with the
// account, an account's own language is followed, and a language that cannot load changes nothing.
const model = createMachine({
  id: 'languageModel',
  initial: 'english',
  states: {
    english: {
      on: {
        CHOOSE_GERMAN: 'switchingSignedOut',
        SIGN_IN_ACCOUNT_GERMAN: 'followingAccount',
        SIGN_IN_NO_CHOICE: 'englishSignedIn',
      },
    },
    switchingSignedOut: { on: { WORDS_LOADED: 'germanSignedOut', WORDS_FAILED: 'english' } },
    germanSignedOut: { on: { SIGN_IN_ACCOUNT_FRENCH: 'keepingChoice' } },
    keepingChoice: { on: { ACCOUNT_KEPT: 'germanSignedIn', ACCOUNT_FAILED: 'germanSignedIn' } },
    followingAccount: { on: { WORDS_LOADED: 'germanSignedIn', WORDS_FAILED: 'englishSignedIn' } },
    englishSignedIn: { on: { CHOOSE_GERMAN: 'switchingSignedIn' } },
    switchingSignedIn: { on: { WORDS_LOADED: 'keepingChoice', WORDS_FAILED: 'englishSignedIn' } },
    germanSignedIn: {},
  },
});

const executors: Record<string, (world: World) => Promise<void> | void> = {
  CHOOSE_GERMAN: ({ actor }) => actor.send({ type: 'language.choose', language: 'de' }),
  SIGN_IN_ACCOUNT_GERMAN: ({ actor }) => actor.send({ type: 'account.known', language: 'de' }),
  SIGN_IN_ACCOUNT_FRENCH: ({ actor }) => actor.send({ type: 'account.known', language: 'fr' }),
  SIGN_IN_NO_CHOICE: ({ actor }) => actor.send({ type: 'account.known', language: null }),
  WORDS_LOADED: async ({ switches }) => {
    switches.last().resolve();
    await flush();
  },
  WORDS_FAILED: async ({ switches }) => {
    switches.last().reject(new Error('offline'));
    await flush();
  },
  ACCOUNT_KEPT: async ({ saves }) => {
    saves.last().resolve();
    await flush();
  },
  ACCOUNT_FAILED: async ({ saves }) => {
    saves.last().reject(new Error('offline'));
    await flush();
  },
};

const expected: Record<string, (world: World) => void> = {
  english: ({ actor }) =>
    expect(actor.getSnapshot().context).toMatchObject({ language: 'en', signedIn: false }),
  switchingSignedOut: ({ actor, switches }) => {
    expect(actor.getSnapshot().value).toBe('switching');
    expect(switches.last().input).toEqual({ language: 'de' });
  },
  germanSignedOut: ({ actor }) =>
    expect(actor.getSnapshot().context).toMatchObject({
      language: 'de',
      signedIn: false,
      choseWhileSignedOut: true,
    }),
  keepingChoice: ({ actor, saves }) => {
    expect(actor.getSnapshot().value).toBe('saving');
    expect(saves.last().input).toEqual({ language: 'de' });
  },
  followingAccount: ({ actor, switches }) => {
    expect(actor.getSnapshot().value).toBe('following');
    expect(switches.last().input).toEqual({ language: 'de' });
  },
  englishSignedIn: ({ actor }) => {
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ language: 'en', signedIn: true });
  },
  switchingSignedIn: ({ actor }) => expect(actor.getSnapshot().value).toBe('switching'),
  germanSignedIn: ({ actor }) => {
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ language: 'de', signedIn: true });
  },
};

const EVENTS = Object.keys(executors).map((type) => ({ type }));

describe('the interface language (model-based)', () => {
  const paths = transitionPaths(model, EVENTS);

  it('covers every transition of the model', () => {
    expect(paths.length).toBeGreaterThanOrEqual(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = start();
    await runModelPath(model, path, world, executors, (current, state) => expected[state]?.(current));
  });
});

describe('the interface language (edges)', () => {
  it('does nothing when the language chosen is the one shown', () => {
    const { actor, switches } = start('de');
    actor.send({ type: 'language.choose', language: 'de' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(switches.requests).toHaveLength(0);
  });

  it('says when a language cannot load, and keeps the one shown', async () => {
    const { actor, switches, problems } = start();
    actor.send({ type: 'language.choose', language: 'ar' });
    switches.last().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(problems).toEqual([LANGUAGE_LOAD_PROBLEM]);
  });

  it('ignores an account language the app does not speak', () => {
    const { actor, switches } = start();
    actor.send({ type: 'account.known', language: 'pt' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(switches.requests).toHaveLength(0);
  });

  it('keeps a choice made after signing out on this device only, until the next sign-in', async () => {
    const { actor, switches, saves } = start();
    actor.send({ type: 'account.known', language: null });
    actor.send({ type: 'account.gone' });
    actor.send({ type: 'language.choose', language: 'ja' });
    switches.last().resolve();
    await flush();
    expect(saves.requests).toHaveLength(0);
    actor.send({ type: 'account.known', language: 'en' });
    expect(saves.last().input).toEqual({ language: 'ja' });
  });

  it('follows an account whose language is the one shown without a switch', () => {
    const { actor, switches } = start('fr');
    actor.send({ type: 'account.known', language: 'fr' });
    expect(switches.requests).toHaveLength(0);
    expect(actor.getSnapshot().context.signedIn).toBe(true);
  });
});
