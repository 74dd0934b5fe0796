import { act, render, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import type { SavedGeneratedCv } from '../../../src/api/cvs';
import type { Template, TemplateDetail } from '../../../src/api/templates';
import { deliveryMachine, type DownloadInput, type EmailInput } from '../../../src/machines/delivery/delivery-machine';
import { builderMachine, type LoadCvInput, type SaveCvInput } from '../../../src/machines/builder/builder-machine';
import { newCv, type LoadedCv } from '../../../src/drafts/load-cv';
import {
  previewMachine,
  type PreviewResult,
  type RenderPreviewInput,
} from '../../../src/machines/builder/preview-machine';
import { BuilderView } from '../../../src/ui/builder/builder-view';
import { designPanelMachine } from '../../../src/machines/builder/design-panel-machine';
import type { BundledFont } from '../../../src/api/design';
import { AppProvider } from '../../../src/ui/provider';
import { showToast } from '../../../src/ui/toaster';
import { deferredActor, flush } from '../../machines/model-paths';
import { classicTemplate, timelineTemplate } from '../../machines/builder/fixtures';

export const UUID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';
export const DRAFT_ID = '0b7e3c1a-2d4f-4a6b-8c9d-0e1f2a3b4c5d';

// The classic template plus a field of a widget type the builder does not know.
export const template: TemplateDetail = {
  ...classicTemplate,
  sections: classicTemplate.sections.map((section, index) =>
    index === 0
      ? {
          ...section,
          input_fields: [
            ...section.input_fields,
            {
              id: 1099,
              name: 'favourite_colour',
              widget_label: 'Favourite Colour',
              widget_type: 'colour-picker',
              description: '',
              is_required: false,
            },
          ],
        }
      : section,
  ),
};

/** The builder view on a builder machine whose requests the test answers. */
export function renderBuilder(
  loaded: LoadedCv = newCv(template, DRAFT_ID),
  options: { openElsewhere?: boolean } = {},
) {
  const loadCv = deferredActor<LoadedCv, LoadCvInput>();
  const createCv = deferredActor<SavedGeneratedCv, SaveCvInput>();
  const updateCv = deferredActor<SavedGeneratedCv, SaveCvInput>();
  const renderPreview = deferredActor<PreviewResult, RenderPreviewInput>();
  const renderTemplatePreview = deferredActor<PreviewResult, RenderPreviewInput>();
  const takeOver = deferredActor<void, { key: string }>();
  const loadFonts = deferredActor<BundledFont[], unknown>();
  const email = deferredActor<void, EmailInput>();
  const machine = builderMachine.provide({
    actors: {
      loadCv: loadCv.logic,
      loadTemplates: fromPromise<Template[]>(async () => [classicTemplate, timelineTemplate]),
      loadTemplate: fromPromise<TemplateDetail, { templateId: number }>(async () => timelineTemplate),
      checkEditLock: fromPromise<boolean, { key: string }>(async () => options.openElsewhere ?? false),
      takeOverEditLock: takeOver.logic,
      holdEditLock: fromCallback(() => () => undefined),
      createCv: createCv.logic,
      updateCv: updateCv.logic,
      preview: previewMachine.provide({
        actors: { renderPreview: renderPreview.logic, renderTemplatePreview: renderTemplatePreview.logic },
      }),
      designPanel: designPanelMachine.provide({ actors: { loadFonts: loadFonts.logic } }),
      downloads: deliveryMachine.provide({
        actors: {
          downloadFile: fromPromise<Blob, DownloadInput>(async () => new Blob()),
          sendEmail: email.logic,
        },
        actions: { saveFile: () => undefined },
      }),
    },
    actions: { showAddress: () => undefined, notify: (_, notice) => void showToast(notice) },
  });
  let builderRef: ReturnType<typeof useActorRef<typeof machine>> | undefined;
  function Harness() {
    const builder = useActorRef(machine, { input: { routeId: '1', draftId: DRAFT_ID, owner: '7' } });
    builderRef = builder;
    return <BuilderView builder={builder} />;
  }
  render(
    <AppProvider>
      <Harness />
    </AppProvider>,
  );
  const ready = async () => {
    await act(async () => {
      loadCv.last().resolve(loaded);
      await flush();
    });
    if (!options.openElsewhere) await screen.findByRole('heading', { name: 'CV Builder', level: 1 });
  };
  return {
    loadCv,
    createCv,
    updateCv,
    renderPreview,
    renderTemplatePreview,
    takeOver,
    loadFonts,
    email,
    ready,
    builder: () => builderRef!,
  };
}

export const card = (name: string) =>
  document.querySelector<HTMLElement>(`[data-testid="section-card"][data-section="${name}"]`)!;
export const header = (name: string) => card(name).querySelector<HTMLButtonElement>('button[aria-expanded]')!;
