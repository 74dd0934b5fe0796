import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect } from 'react';
import { builderDownloadMachine } from '../../machines/builder-download-machine';
import { builderMachine } from '../../machines/builder-machine';
import { inspectOptions } from '../../machines/inspect';
import { previewMachine } from '../../machines/preview-machine';
import { showToast } from '../toaster';
import { BuilderView } from './builder-view';

// The machines say what to tell the person; the app's toaster shows it.
const notify = (_: unknown, notice: Parameters<typeof showToast>[0]) => {
  showToast(notice);
};

export const appBuilderMachine = builderMachine.provide({
  actions: { notify },
  actors: {
    preview: previewMachine.provide({ actions: { notify } }),
    downloads: builderDownloadMachine.provide({ actions: { notify } }),
  },
});

/** The /dashboard/{id} page, loaded with its own chunk the first time a CV is opened. */
export default function BuilderPage({ routeId }: { routeId: string }) {
  const builder = useActorRef(appBuilderMachine, { ...inspectOptions, input: { routeId } });

  // A reload, a closed tab or leaving the page writes the last keystrokes to the draft at once. The layout
  // effect's cleanup runs before the actor is stopped.
  useLayoutEffect(() => () => builder.send({ type: 'draft.flush' }), [builder]);
  // Fetch the rich text editor's chunk while the person reads the first section.
  useEffect(() => {
    void import('./rich-text-editor');
  }, []);
  useEffect(() => {
    const flush = () => builder.send({ type: 'draft.flush' });
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, [builder]);

  return <BuilderView builder={builder} />;
}
