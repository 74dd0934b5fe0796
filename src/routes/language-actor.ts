import { createActor, fromPromise } from 'xstate';
import { isLanguageCode } from '../../rules/languages';
import { apiClient } from '../api/client';
import { saveLanguage } from '../api/profile';
import { chooseLanguage } from '../i18n/choice';
import { i18n, t } from '../i18n/i18n';
import type { SessionActor } from '../machines/auth/session-machine';
import { inspectOptions } from '../machines/inspect';
import { languageMachine, type LanguageActor } from '../machines/language/language-machine';
import { showToast } from '../ui/notices';

let started: LanguageActor | undefined;

/**
 * The app's one language actor (loaded after the first paint: /signin draws without it): the language menus choose
 * through it, and it follows the signed-in account's saved language.
 */
export function startLanguageActor(session: SessionActor): LanguageActor {
  if (started) return started;
  const shown = i18n.locale;
  const actor = createActor(
    languageMachine.provide({
      actors: {
        switchLanguage: fromPromise(({ input }) => chooseLanguage(input.language)),
        saveChoice: fromPromise(async ({ input }) => {
          const profile = await saveLanguage(apiClient, input.language);
          session.send({ type: 'session.profileUpdated', profile });
        }),
      },
      actions: {
        announceLoadProblem: (_, params) => showToast({ title: t(params.problem), variant: 'destructive' }),
      },
    }),
    { ...inspectOptions, input: { language: isLanguageCode(shown) ? shown : 'en' } },
  ).start();
  let accountLanguage: string | null | undefined;
  session.subscribe((snapshot) => {
    const profile = snapshot.context.profile;
    if (!profile) {
      if (accountLanguage !== undefined) actor.send({ type: 'account.gone' });
      accountLanguage = undefined;
      return;
    }
    const saved = profile.language ?? null;
    if (saved === accountLanguage) return;
    accountLanguage = saved;
    actor.send({ type: 'account.known', language: saved });
  });
  started = actor;
  return actor;
}
