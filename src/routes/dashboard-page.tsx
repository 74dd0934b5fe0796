import { createLazyRoute, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { builderMachine } from '../machines/builder/builder-machine';
import { inspectOptions } from '../machines/inspect';
import type { SessionActor } from '../machines/auth/session-machine';
import { previewMachine } from '../machines/builder/preview-machine';
import { versionsMachine } from '../machines/versions/versions-machine';
import { BuilderView } from '../ui/builder/builder-view';
import { deliveryWithToasts } from './delivery';
import { notify } from './notify';
import { browserLanguages, newCvLanguage, pageSizeForLanguages } from '../config/locale';
import { i18n } from '../i18n/i18n';
import { isLanguageCode } from '../../rules/languages';

/**
 * The address follows the CV without navigating (docs/behaviour.md#cv-builder): a saved CV by its uuid, a new one
 * by its template and draft id. The route reads it back on a reload.
 */
function showAddress(address: string | undefined): void {
  if (address && `${window.location.pathname}${window.location.search}` !== address)
    window.history.replaceState(window.history.state, '', address);
}

export const appBuilderMachine = builderMachine.provide({
  actions: { notify, showAddress: (_, { address }) => showAddress(address) },
  actors: {
    preview: previewMachine.provide({ actions: { notify } }),
    downloads: deliveryWithToasts,
    versions: versionsMachine.provide({ actions: { notify } }),
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

/**
 * A new CV's language follows the interface's: the browser's own tag for it when it has one ('de-AT' for German),
 * else the interface's. An English interface keeps the browser's languages (a Portuguese browser's CV prints its
 * dates in Portuguese, a language the interface does not speak yet).
 */
function cvLanguages(): readonly string[] {
  const browser = browserLanguages();
  const shown = i18n.locale;
  if (shown === 'en' || !isLanguageCode(shown)) return browser;
  const regional = browser.find((tag) => tag.toLowerCase().split('-')[0] === shown);
  return [regional ?? shown];
}

/** The /dashboard/{id} page, loaded with its own chunk the first time a CV is opened. */
function Builder({ routeId, draftId, owner, session }: BuilderProps) {
  const builder = useActorRef(appBuilderMachine, {
    ...inspectOptions,
    // A new CV starts on the paper of where the person is (Letter in the US, A4 in most places), in their language.
    // The session lets the builder's draft keeper stop writing once the person signs out on purpose.
    input: {
      routeId,
      draftId,
      owner,
      pageSize: pageSizeForLanguages(browserLanguages()),
      language: newCvLanguage(cvLanguages()),
      session,
    },
  });
  // Leaving the page inside the app stops the builder: its last keystrokes are written first. A layout effect's
  // cleanup runs before the actor is stopped (closing or reloading the tab, the draft keeper sees for itself).
  useLayoutEffect(() => () => builder.send({ type: 'draft.flush' }), [builder]);
  // Fetch the rich text editor's chunk while the person reads the first section.
  useEffect(() => {
    void import('../ui/builder/rich-text-editor');
  }, []);

  return <BuilderView builder={builder} />;
}
