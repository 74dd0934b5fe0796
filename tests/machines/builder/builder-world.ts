import { SimulatedClock, createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { SavedGeneratedCv } from '../../../src/api/cvs';
import type { Template, TemplateDetail } from '../../../src/api/templates';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  builderMachine,
  type BuilderActor,
  type LoadCvInput,
  type SaveCvInput,
} from '../../../src/machines/builder/builder-machine';
import { deliveryMachine } from '../../../src/machines/delivery/delivery-machine';
import { builderAddress, cvKeyOf } from '../../../src/cv/identity';
import type { LoadedCv } from '../../../src/drafts/load-cv';
import { deferredActor, flush } from '../model-paths';
import { classicTemplate, timelineTemplate } from './fixtures';
import { builderDeliveryActors, type BuilderDownloadRequest } from '../delivery/builder-delivery';

// The builder machine with every actor it invokes replaced by one the test answers: shared by the builder's tests.

export const UUID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';
export const DRAFT_ID = '0b7e3c1a-2d4f-4a6b-8c9d-0e1f2a3b4c5d';
export const OWNER = '7';
export const LAST_UPDATED = '2026-11-20T10:00:00.000Z';
export const NEWER = '2026-11-21T10:00:00.000Z';

export function saved(input: SaveCvInput, lastUpdated = NEWER): SavedGeneratedCv {
  return {
    id: 42,
    uuid: UUID,
    name: input.payload.name,
    template: input.payload.template,
    entries: input.payload.entries.map((entry, index) => ({ id: index + 1, ...entry })),
    last_updated: lastUpdated,
  };
}

export const newDraftKey = cvKeyOf({ kind: 'new', draftId: DRAFT_ID });
export const savedDraftKey = cvKeyOf({ kind: 'saved', uuid: UUID });

export function createWorld(
  input: { routeId?: string; draftId?: string; pageSize?: 'A4' | 'Letter'; language?: string } = {
    routeId: '1',
    draftId: DRAFT_ID,
  },
) {
  const loadCv = deferredActor<LoadedCv, LoadCvInput>();
  const loadTemplate = deferredActor<TemplateDetail, { templateId: number }>();
  const createCv = deferredActor<SavedGeneratedCv, SaveCvInput>();
  const updateCv = deferredActor<SavedGeneratedCv, SaveCvInput>();
  const download = deferredActor<void, BuilderDownloadRequest>();
  const email = deferredActor<void, { uuid: string }>();
  const checkEditLock = deferredActor<boolean, { key: string }>();
  const takeOverEditLock = deferredActor<void, { key: string }>();
  const lock: { handOver?: () => void; take?: () => void; held: string[] } = { held: [] };
  const previewEvents: EventObject[] = [];
  /** What the preview was started with: the CV as loaded. */
  const previewInputs: unknown[] = [];
  const notify = vi.fn<(notice: Notice) => void>();
  const addresses: string[] = [];
  const clock = new SimulatedClock();
  const machine = builderMachine.provide({
    actors: {
      loadCv: loadCv.logic,
      loadTemplate: loadTemplate.logic,
      loadTemplates: fromPromise<Template[]>(async () => [classicTemplate, timelineTemplate]),
      createCv: createCv.logic,
      updateCv: updateCv.logic,
      checkEditLock: checkEditLock.logic,
      takeOverEditLock: takeOverEditLock.logic,
      holdEditLock: fromCallback<{ type: 'lock.handedOver' } | { type: 'lock.taken' }, { key: string }>(
        ({ input, sendBack }) => {
          lock.held.push(input.key);
          lock.handOver = () => sendBack({ type: 'lock.handedOver' });
          lock.take = () => sendBack({ type: 'lock.taken' });
          return () => lock.held.splice(lock.held.indexOf(input.key), 1);
        },
      ),
      // Stands in for the preview: records what the builder tells it.
      preview: fromCallback<EventObject>(({ receive, input }) => {
        previewInputs.push(input);
        receive((event) => previewEvents.push(event));
      }) as never,
      downloads: deliveryMachine.provide({
        actors: builderDeliveryActors(download, email),
        actions: { notify: (_, notice) => notify(notice), saveFile: () => undefined },
      }),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      showAddress: ({ context }) => {
        addresses.push(builderAddress(context.identity!, context.cv.template));
      },
    },
  });
  const actor: BuilderActor = createActor(machine, {
    input: {
      routeId: input.routeId ?? '1',
      draftId: input.draftId,
      owner: OWNER,
      pageSize: input.pageSize,
      language: input.language,
    },
    clock,
  }).start();
  return {
    actor,
    clock,
    loadCv,
    loadTemplate,
    createCv,
    updateCv,
    download,
    email,
    checkEditLock,
    takeOverEditLock,
    lock,
    previewEvents,
    previewInputs,
    notify,
    addresses,
  };
}
export type World = ReturnType<typeof createWorld>;

/** The save request under way: POST for a new CV, PUT for one that exists. */
export function pendingSave(world: World) {
  const updating = world.actor.getSnapshot().matches({ ready: { saving: { saving: 'updating' } } });
  return (updating ? world.updateCv : world.createCv).last();
}

export const form = (world: World, index: number) => world.actor.getSnapshot().context.sectionForms[index];

/** Answers the load, then the question whether another tab edits this CV (no). */
export async function answerLoad(world: World, loaded: LoadedCv) {
  world.loadCv.last().resolve(loaded);
  await flush();
  world.checkEditLock.last().resolve(false);
  await flush();
}
