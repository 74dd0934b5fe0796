import { createLazyRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { inspectOptions } from '../machines/inspect';
import { templatesListMachine } from '../machines/catalogue/templates-list-machine';
import { writeDraft } from '../drafts/draft';
import { cvKeyOf, mintDraftId } from '../cv/identity';
import { draftOfImport } from '../machines/cv-data/import-machine';
import { ImportButton } from '../ui/cv-data/import-button';
import { TemplatesScreen } from '../ui/templates/templates-screen';
import { deliveryWithToasts } from './delivery';

export const Route = createLazyRoute('/_authenticated/')({ component: TemplatesPage });

const SCROLL_KEY = 'cv-builder-templates-scroll:';

function TemplatesPage() {
  const { category, page } = Route.useSearch();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    templatesListMachine.provide({
      actors: { cvActions: deliveryWithToasts },
      actions: {
        showAddress: (_, params) =>
          void navigate({
            to: '/',
            search: {
              ...(params.category !== null ? { category: params.category } : {}),
              ...(params.page > 1 ? { page: params.page } : {}),
            },
            replace: true,
            resetScroll: false,
          }),
      },
    }),
  );
  const actor = useActorRef(logic, { ...inspectOptions, input: { category, page } });
  useScrollKeptPerEntry(useSelector(actor, (state) => state.matches('ready')));
  const { session } = Route.useRouteContext();
  const importAction = (
    <ImportButton
      size="md"
      input={() => ({ templates: actor.getSnapshot().context.templates })}
      onApply={(imported, templateId) => {
        // The imported CV opens in the builder as a new CV's draft, unsaved.
        const owner = session.getSnapshot().context.userId ?? '';
        if (templateId === undefined) return;
        const draftId = mintDraftId();
        writeDraft(owner, cvKeyOf({ kind: 'new', draftId }), draftOfImport(owner, templateId, imported));
        void navigate({
          to: '/dashboard/$id',
          params: { id: String(templateId) },
          search: { draft: draftId },
        });
      }}
    />
  );
  return <TemplatesScreen actor={actor} importAction={importAction} />;
}

/**
 * Back to the templates returns to where the person was: the scroll position is kept per history entry and given
 * back once the grid is there (the router's own restoration runs before the templates have loaded).
 */
function useScrollKeptPerEntry(ready: boolean) {
  const entry = useRouterState({ select: (state) => state.location.state.__TSR_key ?? '' });
  useEffect(() => {
    const remember = () => sessionStorage.setItem(SCROLL_KEY + entry, String(window.scrollY));
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [entry]);
  useLayoutEffect(() => {
    if (!ready) return;
    const saved = Number(sessionStorage.getItem(SCROLL_KEY + entry));
    if (saved > 0) window.scrollTo(0, saved);
  }, [ready, entry]);
}
