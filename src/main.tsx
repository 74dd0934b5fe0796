import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { apiClient } from './api/client';
import { installGlobalErrorToast } from './ui/global-error-toast';
import { inspectOptions } from './machines/inspect';
import { sessionMachine } from './machines/session-machine';
import { createAppRouter } from './routes/router';
import { AppProvider } from './ui/provider';

// One session actor for the whole app: routes read it from the router context.
const session = createActor(sessionMachine, inspectOptions).start();
const router = createAppRouter(session);

installGlobalErrorToast(apiClient, window);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
