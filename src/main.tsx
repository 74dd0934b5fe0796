import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { apiClient } from './api/client';
import { initialLanguage } from './i18n/choice';
import { activateLanguage } from './i18n/load';
import { installGlobalErrorToast } from './ui/global-error-toast';
import { inspectOptions } from './machines/inspect';
import { SESSION_ENDED_MESSAGE, sessionMachine } from './machines/auth/session-machine';
import { leaveSignedInPage } from './routes/authenticated';
import { createAppRouter } from './routes/router';
import { AppProvider } from './ui/provider';
import { showToast } from './ui/toaster';

// One session actor for the whole app: routes read it from the router context, and it moves a page whose session
// ended to /signin through the router (started once the router exists).
const session = createActor(
  sessionMachine.provide({
    actions: {
      announceSessionEnded: () => {
        showToast({ title: SESSION_ENDED_MESSAGE, variant: 'warning' });
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

const root = createRoot(container);
// The first screen is drawn in the person's language: its catalogue (a few KB) comes first. Should it fail to load,
// the screen is drawn in English, the words the code itself holds.
activateLanguage(initialLanguage())
  .catch(() => undefined)
  .finally(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
