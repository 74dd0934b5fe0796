import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { letterDeliveryMachine } from '../machines/cover-letters/letter-delivery-machine';
import { letterEditorMachine } from '../machines/cover-letters/letter-editor-machine';
import { letterPreviewMachine } from '../machines/cover-letters/letter-preview-machine';
import { inspectOptions } from '../machines/inspect';
import { LetterEditorView } from '../ui/cover-letters/letter-editor-view';
import { notify } from './notify';

const appLetterEditorMachine = letterEditorMachine.provide({
  actions: {
    notify,
    // The address names the saved letter without navigating: a reload opens it again.
    showAddress: (_, { id }) => window.history.replaceState(window.history.state, '', `/cover-letters/${id}`),
  },
  actors: {
    preview: letterPreviewMachine.provide({ actions: { notify } }),
    delivery: letterDeliveryMachine.provide({ actions: { notify } }),
  },
});

export const NewRoute = createLazyRoute('/_authenticated/cover-letters/new')({ component: NewLetterPage });
export const SavedRoute = createLazyRoute('/_authenticated/cover-letters/$id')({
  component: SavedLetterPage,
});

function NewLetterPage() {
  const { cv, draft } = NewRoute.useSearch();
  const { session } = NewRoute.useRouteContext();
  const { userId, profile } = session.getSnapshot().context;
  const owner = userId ?? '';
  return (
    <LetterEditor
      key={`${owner}/new/${draft ?? ''}`}
      owner={owner}
      draftId={draft}
      cv={cv}
      signatureName={profile?.full_name}
    />
  );
}

function SavedLetterPage() {
  const { id } = SavedRoute.useParams();
  const { session } = SavedRoute.useRouteContext();
  const owner = session.getSnapshot().context.userId ?? '';
  const letterId = /^\d+$/.test(id) ? Number(id) : -1;
  return <LetterEditor key={`${owner}/${letterId}`} owner={owner} letterId={letterId} />;
}

function LetterEditor(props: {
  owner: string;
  letterId?: number;
  draftId?: string;
  cv?: number;
  signatureName?: string;
}) {
  const navigate = useNavigate();
  const editor = useActorRef(
    appLetterEditorMachine.provide({
      actions: { leave: () => void navigate({ to: '/cv-management' }) },
    }),
    { ...inspectOptions, input: props },
  );
  return <LetterEditorView editor={editor} />;
}
