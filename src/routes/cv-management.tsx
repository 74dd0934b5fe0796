import { createRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { cvManagementMachine } from '../machines/cv-management-machine';
import { inspectOptions } from '../machines/inspect';
import { CvManagementScreen } from '../ui/cv-management/cv-management-screen';
import { showToast } from '../ui/toaster';
import { authenticatedRoute } from './authenticated';

const appCvManagementMachine = cvManagementMachine.provide({
  actions: { notify: (_, notice) => void showToast(notice) },
});

export const cvManagementRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/cv-management',
  component: CvManagementPage,
});

function CvManagementPage() {
  const actor = useActorRef(appCvManagementMachine, inspectOptions);
  return <CvManagementScreen actor={actor} />;
}
