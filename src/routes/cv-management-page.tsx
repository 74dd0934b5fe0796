import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { cvListPage, cvManagementMachine } from '../machines/catalogue/cv-management-machine';
import { letterDeliveryMachine } from '../machines/cover-letters/letter-delivery-machine';
import { letterListMachine } from '../machines/cover-letters/letter-list-machine';
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

const appLetterListMachine = letterListMachine.provide({
  actors: { delivery: letterDeliveryMachine.provide({ actions: { notify } }) },
});

/** The address's search for a view and a page of the person's CVs: page 1 and the CVs view are left out. */
function cvManagementSearch(view: CvManagementView, page: number | undefined) {
  return {
    ...(view === 'recently-deleted' ? { show: view } : {}),
    ...(page !== undefined && page > 1 ? { page } : {}),
  };
}

function CvManagementPage() {
  const { show, page } = Route.useSearch() as { show?: 'recently-deleted'; page?: number };
  const actor = useActorRef(appCvManagementMachine, { ...inspectOptions, input: { cvPage: page } });
  const letters = useActorRef(appLetterListMachine, inspectOptions);
  const navigate = useNavigate();
  const view: CvManagementView = show ?? 'cvs';
  // The page the list shows, once loaded (a page past the last one becomes the last), is written into the address
  // in place: a reload or Back to this entry opens the list on it again.
  const shownPage = useSelector(actor, (state) =>
    state.matches('loaded') ? cvListPage(state.context) : undefined,
  );
  useEffect(() => {
    if (shownPage === undefined || shownPage === (page ?? 1)) return;
    void navigate({
      to: '/cv-management',
      search: cvManagementSearch(view, shownPage),
      replace: true,
      resetScroll: false,
    });
  }, [shownPage, page, view, navigate]);
  const onViewChange = (next: CvManagementView) => {
    // Back on the CVs, the letters are read again: one restored from Recently deleted is listed under its CV.
    if (next === 'cvs') letters.send({ type: 'list.reload' });
    void navigate({ to: '/cv-management', search: cvManagementSearch(next, page), replace: true });
  };
  return <CvManagementScreen actor={actor} view={view} onViewChange={onViewChange} letters={letters} />;
}
