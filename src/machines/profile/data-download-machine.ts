import {
  assign,
  fromPromise,
  setup,
  type ActorRef,
  type ActorRefFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { downloadAccountData, type AccountExport } from '../../api/account-export';
import { ApiError } from '../../api/api-error';
import { apiClient } from '../../api/client';
import { saveBlob } from '../../api/download';
import { SOURCE_LANGUAGE, msg, type Message } from '../../../rules/languages';

export const DATA_DOWNLOAD_FAILED_MESSAGE = msg('Your data could not be downloaded. Please try again.');
export const DATA_DOWNLOAD_UNSUPPORTED_MESSAGE = msg('This server does not offer a download of your data.');

/**
 * 'Preparing your data…', then the bytes so far: a zip made as it is sent has no size known in advance. The
 * amount is written in `language`'s digits ('2.0' in English, '2,0' in German), one decimal for megabytes.
 */
export function progressText(receivedBytes: number, language: string = SOURCE_LANGUAGE): Message {
  if (receivedBytes <= 0) return msg('Preparing your data… An account with many CVs takes a minute.');
  if (receivedBytes < 1024 * 1024) {
    const kilobytes = Math.max(1, Math.round(receivedBytes / 1024));
    const received = new Intl.NumberFormat(language, { useGrouping: false }).format(kilobytes);
    return { id: msg('Downloading your data… {received} KB so far.'), values: { received } };
  }
  const received = new Intl.NumberFormat(language, {
    useGrouping: false,
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(receivedBytes / (1024 * 1024));
  return { id: msg('Downloading your data… {received} MB so far.'), values: { received } };
}

export function downloadedText(fileName: string): Message {
  return { id: msg('Your data was downloaded as {fileName}.'), values: { fileName } };
}

/** The failure in words: the server's own for a limit or an unavailable renderer, else a plain one. */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return DATA_DOWNLOAD_FAILED_MESSAGE;
  if (error.status === 404) return DATA_DOWNLOAD_UNSUPPORTED_MESSAGE;
  if ((error.status === 429 || error.status === 503) && error.serverMessage) return error.serverMessage;
  return DATA_DOWNLOAD_FAILED_MESSAGE;
}

export interface DataDownloadContext {
  receivedBytes: number;
  fileName?: string;
  error?: string;
}

export type DataDownloadEvent =
  | { type: 'data.download' }
  | { type: 'data.cancel' }
  /** From the download itself, as the bytes arrive. */
  | { type: 'data.progress'; receivedBytes: number };

/** Who hears the bytes arrive: the machine itself (the download actor sends it `data.progress`). */
export type ProgressListener = ActorRef<Snapshot<unknown>, { type: 'data.progress'; receivedBytes: number }>;

/**
 * Download all my data: the profile's button (and the delete-account dialog's) asks the server for a zip of the
 * account and every CV; while it comes the person sees how much has arrived, and can cancel; then the zip is saved
 * under the name the server gave it and the screen says so, or says in words why it failed and offers to try again.
 */
export const dataDownloadMachine = setup({
  types: {
    context: {} as DataDownloadContext,
    events: {} as DataDownloadEvent,
    tags: {} as 'busy',
  },
  actors: {
    downloadData: fromPromise<AccountExport, { listener: ProgressListener }>(({ input, signal }) =>
      downloadAccountData(apiClient, {
        signal,
        onProgress: (receivedBytes) => input.listener.send({ type: 'data.progress', receivedBytes }),
      }),
    ),
  },
  actions: {
    startDownload: assign({ receivedBytes: 0, fileName: undefined, error: undefined }),
    assignProgress: assign({ receivedBytes: (_, params: { receivedBytes: number }) => params.receivedBytes }),
    assignFileName: assign({ fileName: (_, params: { fileName: string }) => params.fileName }),
    assignError: assign({ error: (_, params: { error: unknown }) => failureText(params.error) }),
    saveFile: (_, params: AccountExport) => saveBlob(params.blob, params.fileName),
  },
}).createMachine({
  id: 'dataDownload',
  context: { receivedBytes: 0 },
  initial: 'idle',
  states: {
    idle: { on: { 'data.download': { target: 'downloading', actions: 'startDownload' } } },
    downloading: {
      tags: ['busy'],
      invoke: {
        src: 'downloadData',
        input: ({ self }) => ({ listener: self }),
        onDone: {
          target: 'downloaded',
          actions: [
            { type: 'saveFile', params: ({ event }) => event.output },
            { type: 'assignFileName', params: ({ event }) => ({ fileName: event.output.fileName }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'data.progress': {
          actions: {
            type: 'assignProgress',
            params: ({ event }) => ({ receivedBytes: event.receivedBytes }),
          },
        },
        // Leaving the state stops the request.
        'data.cancel': 'idle',
      },
    },
    downloaded: { on: { 'data.download': { target: 'downloading', actions: 'startDownload' } } },
    failed: { on: { 'data.download': { target: 'downloading', actions: 'startDownload' } } },
  },
});

export type DataDownloadActor = ActorRefFrom<typeof dataDownloadMachine>;
export type DataDownloadSnapshot = SnapshotFrom<typeof dataDownloadMachine>;
