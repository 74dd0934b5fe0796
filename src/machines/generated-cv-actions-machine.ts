import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRef,
  type ActorRefFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { apiClient } from '../api/client';
import { deleteGeneratedCv, downloadCv, sendCvEmail, type CvFileFormat, type GeneratedCv } from '../api/cvs';
import { saveCvFile } from '../api/download';
import type { Notice } from './auth-flow';

// What a user can do with one saved CV from a list (docs/behaviour.md#template-card, #validation-rules, #messages).

export const DOWNLOAD_FAILED_NOTICE: Notice = {
  title: 'Download Error',
  description: 'Failed to download CV',
  variant: 'destructive',
};
export const EMAIL_SENT_NOTICE: Notice = {
  title: 'Email Sent!',
  description: 'CV has been sent to your email address.',
  variant: 'success',
};
export const EMAIL_FAILED_NOTICE: Notice = {
  title: 'Error',
  description: 'Failed to send CV email.',
  variant: 'destructive',
};
export const CV_DELETED_NOTICE: Notice = {
  title: 'CV deleted',
  description: 'The CV was archived successfully.',
  variant: 'success',
};
export const DELETE_FAILED_NOTICE: Notice = {
  title: 'Delete failed',
  description: 'Could not delete the CV.',
  variant: 'destructive',
};

const FORMAT_WORDS: Record<CvFileFormat, string> = { pdf: 'PDF', word: 'Word document' };

/** docs/behaviour.md#messages: '<name> has been downloaded as PDF.' or 'as Word document.' */
export function downloadedNotice(name: string, format: CvFileFormat): Notice {
  // A CV saved without a name still gets a sentence that reads well (the builder's wording).
  const subject = name.trim() === '' ? 'Your CV' : name.trim();
  return {
    title: 'Download Successful',
    description: `${subject} has been downloaded as ${FORMAT_WORDS[format]}.`,
    variant: 'success',
  };
}

/** The list that shows the CV: told when the CV is gone so it can drop it locally. */
export type CvListRef = ActorRef<Snapshot<unknown>, { type: 'cv.removed'; cvId: number }>;

export interface GeneratedCvActionsContext {
  cv: GeneratedCv;
  list?: CvListRef;
  format: CvFileFormat;
}

export type GeneratedCvActionsEvent =
  | { type: 'cv.download'; format: CvFileFormat }
  | { type: 'cv.email' }
  | { type: 'cv.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export const CV_ACTION_BUSY_TAG = 'busy';

export const generatedCvActionsMachine = setup({
  types: {
    context: {} as GeneratedCvActionsContext,
    events: {} as GeneratedCvActionsEvent,
    input: {} as { cv: GeneratedCv; list?: CvListRef },
    tags: {} as typeof CV_ACTION_BUSY_TAG,
  },
  actors: {
    downloadFile: fromPromise<Blob, { cv: GeneratedCv; format: CvFileFormat }>(({ input }) =>
      downloadCv(apiClient, input.cv.id, input.format),
    ),
    sendEmail: fromPromise<void, { cv: GeneratedCv }>(({ input }) => sendCvEmail(apiClient, input.cv.id)),
    deleteCv: fromPromise<void, { cv: GeneratedCv }>(({ input }) =>
      deleteGeneratedCv(apiClient, input.cv.id),
    ),
  },
  actions: {
    assignFormat: assign({ format: (_, params: { format: CvFileFormat }) => params.format }),
    saveFile: (_, params: { blob: Blob; name: string; format: CvFileFormat }) => {
      saveCvFile(params.blob, params.name, params.format);
    },
    reportRemoved: enqueueActions(({ context, enqueue }) => {
      if (context.list) enqueue.sendTo(context.list, { type: 'cv.removed', cvId: context.cv.id });
    }),
    // The view gives the real toaster; the machine only says what to show.
    notify: (_, _params: Notice) => undefined,
  },
}).createMachine({
  id: 'generatedCvActions',
  context: ({ input }) => ({ cv: input.cv, list: input.list, format: 'pdf' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cv.download': {
          target: 'downloading',
          actions: { type: 'assignFormat', params: ({ event }) => ({ format: event.format }) },
        },
        'cv.email': 'emailing',
        'cv.delete': 'confirmingDelete',
      },
    },
    downloading: {
      tags: [CV_ACTION_BUSY_TAG],
      invoke: {
        src: 'downloadFile',
        input: ({ context }) => ({ cv: context.cv, format: context.format }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'saveFile',
              params: ({ context, event }) => ({
                blob: event.output,
                name: context.cv.name,
                format: context.format,
              }),
            },
            { type: 'notify', params: ({ context }) => downloadedNotice(context.cv.name, context.format) },
          ],
        },
        onError: { target: 'idle', actions: { type: 'notify', params: DOWNLOAD_FAILED_NOTICE } },
      },
    },
    emailing: {
      tags: [CV_ACTION_BUSY_TAG],
      invoke: {
        src: 'sendEmail',
        input: ({ context }) => ({ cv: context.cv }),
        onDone: { target: 'idle', actions: { type: 'notify', params: EMAIL_SENT_NOTICE } },
        onError: { target: 'idle', actions: { type: 'notify', params: EMAIL_FAILED_NOTICE } },
      },
    },
    // docs/behaviour.md#validation-rules: needs confirmation ('Delete CV?').
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'idle',
      },
    },
    deleting: {
      tags: [CV_ACTION_BUSY_TAG],
      invoke: {
        src: 'deleteCv',
        input: ({ context }) => ({ cv: context.cv }),
        onDone: {
          target: 'deleted',
          actions: [{ type: 'notify', params: CV_DELETED_NOTICE }, { type: 'reportRemoved' }],
        },
        onError: { target: 'idle', actions: { type: 'notify', params: DELETE_FAILED_NOTICE } },
      },
    },
    deleted: { type: 'final' },
  },
});

export type GeneratedCvActionsActor = ActorRefFrom<typeof generatedCvActionsMachine>;
export type GeneratedCvActionsSnapshot = SnapshotFrom<typeof generatedCvActionsMachine>;

/** The actions actor of each CV a list shows, by the CV's id. */
export type CvActionsById = Readonly<Record<number, GeneratedCvActionsActor>>;

/** One actions actor per CV, each told which list to leave once its CV is deleted. */
export function cvActionsFor(
  cvs: readonly GeneratedCv[],
  spawnFor: (cv: GeneratedCv) => GeneratedCvActionsActor,
): CvActionsById {
  return Object.fromEntries(cvs.map((cv) => [cv.id, spawnFor(cv)]));
}

/** A list without a deleted CV: the CV and its actions actor (which has stopped: its machine ended). */
export function withoutCv(list: { cvs: GeneratedCv[]; cvActions: CvActionsById }, cvId: number) {
  const cvActions = { ...list.cvActions };
  delete cvActions[cvId];
  return { cvs: list.cvs.filter((cv) => cv.id !== cvId), cvActions };
}
