import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import { downloadCv, sendCvEmail, type CvFileFormat } from '../../api/cvs';
import { saveCvFile, type CvDataFormat } from '../../api/download';
import type { CvExportSource } from '../../cv-data/cv-export';
import type { Notice } from '../auth/auth-flow';
import { EMAIL_FAILED_NOTICE, EMAIL_SENT_NOTICE } from '../catalogue/generated-cv-actions-machine';

export interface BuilderDownloadRequest {
  format: CvFileFormat;
  uuid: string;
  name: string;
}

export type BuilderDownloadEvent =
  | {
      type: 'download.request';
      format: CvFileFormat;
      /** Present once the CV is saved (docs/behaviour.md#validation-rules: needs a saved CV with a uuid). */
      uuid?: string;
      name: string;
    }
  /** Mails the saved CV as a PDF to the person's own address (the card list's email action, from the builder). */
  | { type: 'email.request'; uuid?: string; name: string }
  /** The CV's data as JSON Resume, Markdown or plain text (issue 14): made here from what the screen shows. */
  | { type: 'export.request'; format: CvDataFormat; source: CvExportSource };

const DOWNLOADED_AS: Record<CvFileFormat | CvDataFormat, string> = {
  pdf: 'Your CV has been downloaded as PDF.',
  word: 'Your CV has been downloaded as Word document.',
  json: 'Your CV has been downloaded as JSON Resume.',
  markdown: 'Your CV has been downloaded as Markdown.',
  text: 'Your CV has been downloaded as plain text.',
};

// The builder's download messages (docs/behaviour.md#messages)
export const MUST_SAVE_NOTICE: Notice = {
  title: 'Download Error',
  description: 'CV must be saved before downloading. Please save your CV first.',
  variant: 'destructive',
};
export const DOWNLOAD_FAILED_NOTICE: Notice = {
  title: 'Download Error',
  description: 'There was an issue downloading your CV. Please try again.',
  variant: 'destructive',
};
export function downloadedNotice(format: CvFileFormat | CvDataFormat): Notice {
  return { title: 'Download Successful', description: DOWNLOADED_AS[format], variant: 'success' };
}

export const DOWNLOAD_BUSY_TAG = 'busy';

// The builder's Download menu (PDF, Word) and Email: one at a time, by the saved CV's uuid and name.
export const builderDownloadMachine = setup({
  types: {
    context: {} as { request?: BuilderDownloadRequest; emailUuid?: string; exportFormat?: CvDataFormat },
    events: {} as BuilderDownloadEvent,
    tags: {} as typeof DOWNLOAD_BUSY_TAG,
  },
  actors: {
    downloadCv: fromPromise<void, BuilderDownloadRequest>(async ({ input }) => {
      const blob = await downloadCv(apiClient, input.uuid, input.format);
      saveCvFile(blob, input.name, input.format);
    }),
    emailCv: fromPromise<void, { uuid: string }>(({ input }) => sendCvEmail(apiClient, input.uuid)),
    /** The export code (schema, mapping) loads with the first export, never with the page. */
    exportCv: fromPromise<void, { format: CvDataFormat; source: CvExportSource }>(async ({ input }) => {
      const { saveCvExport } = await import('../../cv-data/cv-export');
      saveCvExport(input.format, input.source);
    }),
  },
  actions: {
    assignRequest: assign({
      request: (_, params: BuilderDownloadRequest) => params,
    }),
    assignEmailUuid: assign({ emailUuid: (_, params: { uuid: string }) => params.uuid }),
    assignExportFormat: assign({ exportFormat: (_, params: { format: CvDataFormat }) => params.format }),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    hasUuid: (_, params: { uuid?: string }) => typeof params.uuid === 'string' && params.uuid !== '',
  },
}).createMachine({
  id: 'builderDownload',
  context: {},
  initial: 'idle',
  states: {
    idle: {
      on: {
        'download.request': [
          {
            guard: { type: 'hasUuid', params: ({ event }) => ({ uuid: event.uuid }) },
            target: 'downloading',
            actions: {
              type: 'assignRequest',
              params: ({ event }) => ({ format: event.format, uuid: event.uuid!, name: event.name }),
            },
          },
          { actions: { type: 'notify', params: MUST_SAVE_NOTICE } },
        ],
        'email.request': [
          {
            guard: { type: 'hasUuid', params: ({ event }) => ({ uuid: event.uuid }) },
            target: 'emailing',
            actions: { type: 'assignEmailUuid', params: ({ event }) => ({ uuid: event.uuid! }) },
          },
          { actions: { type: 'notify', params: MUST_SAVE_NOTICE } },
        ],
        'export.request': {
          target: 'exporting',
          actions: { type: 'assignExportFormat', params: ({ event }) => ({ format: event.format }) },
        },
      },
    },
    exporting: {
      tags: [DOWNLOAD_BUSY_TAG],
      invoke: {
        src: 'exportCv',
        input: ({ event }) => {
          const request = event as Extract<BuilderDownloadEvent, { type: 'export.request' }>;
          return { format: request.format, source: request.source };
        },
        onDone: {
          target: 'idle',
          actions: { type: 'notify', params: ({ context }) => downloadedNotice(context.exportFormat!) },
        },
        onError: { target: 'idle', actions: { type: 'notify', params: DOWNLOAD_FAILED_NOTICE } },
      },
    },
    emailing: {
      tags: [DOWNLOAD_BUSY_TAG],
      invoke: {
        src: 'emailCv',
        input: ({ context }) => ({ uuid: context.emailUuid! }),
        onDone: { target: 'idle', actions: { type: 'notify', params: EMAIL_SENT_NOTICE } },
        onError: { target: 'idle', actions: { type: 'notify', params: EMAIL_FAILED_NOTICE } },
      },
    },
    downloading: {
      tags: [DOWNLOAD_BUSY_TAG],
      invoke: {
        src: 'downloadCv',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'idle',
          actions: { type: 'notify', params: ({ context }) => downloadedNotice(context.request!.format) },
        },
        onError: { target: 'idle', actions: { type: 'notify', params: DOWNLOAD_FAILED_NOTICE } },
      },
    },
  },
});

export type BuilderDownloadActor = ActorRefFrom<typeof builderDownloadMachine>;
export type BuilderDownloadSnapshot = SnapshotFrom<typeof builderDownloadMachine>;
