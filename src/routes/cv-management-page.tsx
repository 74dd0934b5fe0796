import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { cvManagementMachine } from '../machines/catalogue/cv-management-machine';
import { recentlyDeletedMachine } from '../machines/catalogue/recently-deleted-machine';
import { inspectOptions } from '../machines/inspect';
import { CvManagementScreen, type CvManagementView } from '../ui/cv-management/cv-management-screen';
import { deliveryWithToasts } from './delivery';
import { notify } from './notify';

export const Route = createLazyRoute('/_authenticated/cv-management')({ component: CvManagementPage });

const appCvManagementMachine = cvManagementMachine.provide({
  actions: { notify },
  actors: {
    cvActions: deliveryWithToasts,
    recentlyDeleted: recentlyDeletedMachine.provide({ actions: { notify } }),
  },
});

function CvManagementPage() {
  const actor = useActorRef(appCvManagementMachine, inspectOptions);
  const { show } = Route.useSearch() as { show?: 'recently-deleted' };
  const navigate = useNavigate();
  const view: CvManagementView = show ?? 'cvs';
  const onViewChange = (next: CvManagementView) =>
    void navigate({
      to: '/cv-management',
      search: next === 'recently-deleted' ? { show: next } : {},
      replace: true,
    });
  return <CvManagementScreen actor={actor} view={view} onViewChange={onViewChange} />;
}
