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
import { apiClient } from '../../api/client';
import {
  createGeneratedCv,
  deleteGeneratedCv,
  downloadCv,
  getGeneratedCv,
  sendCvEmail,
  type CvFileFormat,
  type GeneratedCv,
} from '../../api/cvs';
import { saveCvFile, type CvDataFormat } from '../../api/download';
import { getTemplate } from '../../api/templates';
import { groupEntries } from '../../cv/form-data';
import { EMPTY_LAYOUT } from '../../cv/layout';
import type { Notice } from '../auth/auth-flow';
import { MAX_CV_NAME_LENGTH } from '../../../rules/cv';

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

const FORMAT_WORDS: Record<CvFileFormat | CvDataFormat, string> = {
  pdf: 'PDF',
  word: 'Word document',
  json: 'JSON Resume',
  markdown: 'Markdown',
  text: 'plain text',
};

export const DUPLICATE_FAILED_NOTICE: Notice = {
  title: 'Duplicate failed',
  description: 'Could not duplicate the CV. Please try again.',
  variant: 'destructive',
};

/** A copy's name (issue 14): 'Copy of …', within the longest name a CV may have. */
export function copyName(name: string): string {
  return `Copy of ${name.trim() || 'CV'}`.slice(0, MAX_CV_NAME_LENGTH);
}

export function duplicatedNotice(name: string): Notice {
  return { title: 'CV duplicated', description: `"${name}" is ready in your list.`, variant: 'success' };
}

/** docs/behaviour.md#messages: '<name> has been downloaded as PDF.' or 'as Word document.' */
export function downloadedNotice(name: string, format: CvFileFormat | CvDataFormat): Notice {
  // A CV saved without a name still gets a sentence that reads well (the builder's wording).
  const subject = name.trim() === '' ? 'Your CV' : name.trim();
  return {
    title: 'Download Successful',
    description: `${subject} has been downloaded as ${FORMAT_WORDS[format]}.`,
    variant: 'success',
  };
}

/** The list that shows the CV: told when the CV is gone so it can drop it locally. */
export type CvListRef = ActorRef<
  Snapshot<unknown>,
  { type: 'cv.removed'; cvId: number } | { type: 'cv.added'; cv: GeneratedCv }
>;

export interface GeneratedCvActionsContext {
  cv: GeneratedCv;
  list?: CvListRef;
  format: CvFileFormat;
  exportFormat?: CvDataFormat;
}

export type GeneratedCvActionsEvent =
  | { type: 'cv.download'; format: CvFileFormat }
  | { type: 'cv.email' }
  /** JSON Resume, Markdown or plain text of the saved CV (issue 14). */
  | { type: 'cv.export'; format: CvDataFormat }
  /** A copy named 'Copy of …' with the same template, values, layout and design (issue 14). */
  | { type: 'cv.duplicate' }
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
    /** The saved CV and its template, made into a file in the browser (the export code loads on first use). */
    exportCv: fromPromise<void, { cv: GeneratedCv; format: CvDataFormat }>(async ({ input, signal }) => {
      const detail = await getGeneratedCv(apiClient, input.cv.id, { signal });
      const template = await getTemplate(apiClient, detail.template, { signal });
      const { formData } = groupEntries(template.sections, detail.entries);
      const { saveCvExport } = await import('../../cv-data/cv-export');
      saveCvExport(input.format, {
        name: input.cv.name,
        templateId: template.id,
        sections: template.sections,
        formData,
        layout: detail.layout ?? EMPTY_LAYOUT,
      });
    }),
    /** A new GeneratedCV through the same POST the builder saves with. */
    duplicateCv: fromPromise<GeneratedCv, { cv: GeneratedCv }>(async ({ input, signal }) => {
      const detail = await getGeneratedCv(apiClient, input.cv.id, { signal });
      return createGeneratedCv(apiClient, {
        name: copyName(detail.name || input.cv.name),
        template: detail.template,
        entries: detail.entries.map(({ value, index, section_field }) => ({ value, index, section_field })),
        ...(detail.layout ? { layout: detail.layout } : {}),
        // Issue 13: the copy prints as the original does.
        ...(detail.design ? { design: detail.design } : {}),
      });
    }),
  },
  actions: {
    assignFormat: assign({ format: (_, params: { format: CvFileFormat }) => params.format }),
    saveFile: (_, params: { blob: Blob; name: string; format: CvFileFormat }) => {
      saveCvFile(params.blob, params.name, params.format);
    },
    assignExportFormat: assign({ exportFormat: (_, params: { format: CvDataFormat }) => params.format }),
    reportAdded: enqueueActions(({ context, enqueue }, params: { cv: GeneratedCv }) => {
      if (context.list) enqueue.sendTo(context.list, { type: 'cv.added', cv: params.cv });
    }),
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
        'cv.export': {
          target: 'exporting',
          actions: { type: 'assignExportFormat', params: ({ event }) => ({ format: event.format }) },
        },
        'cv.duplicate': 'duplicating',
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
    exporting: {
      tags: [CV_ACTION_BUSY_TAG],
      invoke: {
        src: 'exportCv',
        input: ({ context }) => ({ cv: context.cv, format: context.exportFormat! }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ context }) => downloadedNotice(context.cv.name, context.exportFormat!),
          },
        },
        onError: { target: 'idle', actions: { type: 'notify', params: DOWNLOAD_FAILED_NOTICE } },
      },
    },
    duplicating: {
      tags: [CV_ACTION_BUSY_TAG],
      invoke: {
        src: 'duplicateCv',
        input: ({ context }) => ({ cv: context.cv }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'reportAdded', params: ({ event }) => ({ cv: event.output }) },
            { type: 'notify', params: ({ event }) => duplicatedNotice(event.output.name) },
          ],
        },
        onError: { target: 'idle', actions: { type: 'notify', params: DUPLICATE_FAILED_NOTICE } },
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

/** A list with a new CV (a duplicate) first, and its actions actor. */
export function withCv(
  list: { cvs: GeneratedCv[]; cvActions: CvActionsById },
  cv: GeneratedCv,
  actions: GeneratedCvActionsActor,
) {
  return {
    cvs: [cv, ...list.cvs.filter((other) => other.id !== cv.id)],
    cvActions: { ...list.cvActions, [cv.id]: actions },
  };
}

/** A list without a deleted CV: the CV and its actions actor (which has stopped: its machine ended). */
export function withoutCv(list: { cvs: GeneratedCv[]; cvActions: CvActionsById }, cvId: number) {
  const cvActions = { ...list.cvActions };
  delete cvActions[cvId];
  return { cvs: list.cvs.filter((cv) => cv.id !== cvId), cvActions };
}
