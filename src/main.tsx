import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { apiClient } from './api/client';
import { initialLanguage } from './i18n/choice';
import { t } from './i18n/i18n';
import { activateLanguage } from './i18n/load';
import type { LanguageActor } from './machines/language/language-machine';
import { LanguageActorContext } from './ui/language-context';
import { installGlobalErrorToast } from './ui/global-error-toast';
import { inspectOptions } from './machines/inspect';
import { SESSION_ENDED_MESSAGE, sessionMachine } from './machines/auth/session-machine';
import { leaveSignedInPage } from './routes/authenticated';
import { createAppRouter } from './routes/router';
import { AppProvider } from './ui/provider';
import { showToast } from './ui/notices';

// One session actor for the whole app: routes read it from the router context, and it moves a page whose session
// ended to /signin through the router (started once the router exists).
const session = createActor(
  sessionMachine.provide({
    actions: {
      announceSessionEnded: () => {
        showToast({ title: t(SESSION_ENDED_MESSAGE), variant: 'warning' });
      },
      redirectToSignIn: (_, params) => leaveSignedInPage(router, params),
    },
  }),
  inspectOptions,
);
const router = createAppRouter(session);
session.start();

// A 401 from any call ends the session in the app (drafts stay on this computer for the person's return).
apiClient.setSessionEndedHandler(() => session.send({ type: 'session.ended' }));

installGlobalErrorToast(apiClient, window);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The app, with the language menus' actor once its chunk is here (after the first paint). */
function App() {
  const [language, setLanguage] = useState<LanguageActor>();
  useEffect(() => {
    void import('./routes/language-actor').then((module) => setLanguage(module.startLanguageActor(session)));
  }, []);
  return (
    <AppProvider>
      <LanguageActorContext.Provider value={language}>
        <RouterProvider router={router} />
      </LanguageActorContext.Provider>
    </AppProvider>
  );
}

const root = createRoot(container);
// The first screen is drawn in the person's language: its catalogue (a few KB) comes first. Should it fail to load,
// the screen is drawn in English, the words the code itself holds.
activateLanguage(initialLanguage())
  .catch(() => undefined)
  .finally(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
