import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { cvManagementMachine } from '../machines/catalogue/cv-management-machine';
import { inspectOptions } from '../machines/inspect';
import { CvManagementScreen } from '../ui/cv-management/cv-management-screen';
import { deliveryWithToasts } from './delivery';
import { notify } from './notify';

export const Route = createLazyRoute('/_authenticated/cv-management')({ component: CvManagementPage });

const appCvManagementMachine = cvManagementMachine.provide({
  actions: { notify },
  actors: { cvActions: deliveryWithToasts },
});

function CvManagementPage() {
  const actor = useActorRef(appCvManagementMachine, inspectOptions);
  return <CvManagementScreen actor={actor} />;
}
