import { createLazyRoute, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { builderMachine } from '../machines/builder/builder-machine';
import { removeOwnerlessDrafts } from '../drafts/draft';
import { inspectOptions } from '../machines/inspect';
import type { SessionActor } from '../machines/auth/session-machine';
import { previewMachine } from '../machines/builder/preview-machine';
import { BuilderView } from '../ui/builder/builder-view';
import { deliveryWithToasts } from './delivery';
import { notify } from './notify';
import { newCvLanguage } from '../config/locale';
import { browserLanguages, pageSizeForLanguages } from '../config/locale';

export const appBuilderMachine = builderMachine.provide({
  actions: { notify },
  actors: {
    preview: previewMachine.provide({ actions: { notify } }),
    downloads: deliveryWithToasts,
  },
});

export const Route = createLazyRoute('/_authenticated/dashboard/$id')({ component: DashboardPage });

function DashboardPage() {
  const { id } = Route.useParams();
  const { draft } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const owner = session.getSnapshot().context.userId ?? '';
  // The history entry, not the address: the builder rewrites its own address as the CV changes (saved, another
  // template) and stays the same builder; opening another CV (a link, Back) is another entry and a fresh builder.
  // While the person leaves for another page this page still shows for a moment: it keeps its builder then.
  const entry = useRouterState({
    select: (state) =>
      state.location.pathname.startsWith('/dashboard/')
        ? (state.location.state.__TSR_key ?? state.location.state.key ?? `${id}/${draft ?? ''}`)
        : undefined,
  });
  const lastEntry = useRef(entry);
  if (entry !== undefined) lastEntry.current = entry;
  return (
    <Builder
      key={`${owner}/${lastEntry.current ?? ''}`}
      routeId={id}
      draftId={draft}
      owner={owner}
      session={session}
    />
  );
}

interface BuilderProps {
  session: SessionActor;
  routeId: string;
  draftId?: string;
  owner: string;
}

/** The /dashboard/{id} page, loaded with its own chunk the first time a CV is opened. */
function Builder({ routeId, draftId, owner, session }: BuilderProps) {
  const builder = useActorRef(appBuilderMachine, {
    ...inspectOptions,
    // Issue 13: a new CV starts on the paper of where the person is (Letter in the US, A4 in most places).
    input: {
      routeId,
      draftId,
      owner,
      pageSize: pageSizeForLanguages(browserLanguages()),
      language: newCvLanguage(browserLanguages()),
    },
  });

  // Signing out on purpose removes the person's drafts: this builder must not write one back as it closes.
  useEffect(() => {
    const subscription = session.subscribe((state) => {
      if (state.matches('loggingOut')) builder.send({ type: 'draft.close' });
    });
    return () => subscription.unsubscribe();
  }, [builder, session]);

  // Drafts from before drafts had an owner could be anyone's: they go before any draft is read.
  useLayoutEffect(() => removeOwnerlessDrafts(), []);
  // A reload, a closed tab or leaving the page writes the last keystrokes to the draft at once. The layout
  // effect's cleanup runs before the actor is stopped.
  useLayoutEffect(() => () => builder.send({ type: 'draft.flush' }), [builder]);
  // Fetch the rich text editor's chunk while the person reads the first section.
  useEffect(() => {
    void import('../ui/builder/rich-text-editor');
  }, []);
  useEffect(() => {
    const flush = () => builder.send({ type: 'draft.flush' });
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    // The draft keeps every word, but the person may not know that: leaving with unsaved changes asks first.
    const askBeforeLeaving = (event: BeforeUnloadEvent) => {
      flush();
      if (builder.getSnapshot().context.unsaved) event.preventDefault();
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', askBeforeLeaving);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', askBeforeLeaving);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, [builder]);

  return <BuilderView builder={builder} />;
}
