import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../api/api-error';
import { apiClient } from '../../api/client';
import type { CvFileFormat, CvReference } from '../../api/cvs';
import { saveCvFile } from '../../api/download';
import { preview } from '../../api/preview';
import { getTemplate, type TemplateDetail } from '../../api/templates';
import {
  downloadVersion,
  getVersion,
  listVersions,
  renameVersion,
  restoreVersion,
  type CvVersion,
  type CvVersionDetail,
} from '../../api/versions';
import { compareVersions, previewDataOf, type VersionComparison } from '../../cv/version-diff';
import type { Notice } from '../auth/auth-flow';
import { msg } from '../../../rules/languages';

export const VERSIONS_LOAD_FAILED_MESSAGE = msg('The versions of this CV could not be loaded.');
export const VERSION_OPEN_FAILED_MESSAGE = msg('This version could not be opened.');
export const RENAME_FAILED_NOTICE: Notice = {
  title: msg('Error'),
  description: msg('The version could not be named. Please try again.'),
  variant: 'destructive',
};
export const RESTORE_FAILED_NOTICE: Notice = {
  title: msg('Error'),
  description: msg('The version could not be restored. Please try again.'),
  variant: 'destructive',
};
export const VERSION_DOWNLOAD_FAILED_NOTICE: Notice = {
  title: msg('Download Error'),
  description: msg('There was an issue downloading this version. Please try again.'),
  variant: 'destructive',
};
export function restoredNotice(number: number): Notice {
  return {
    title: msg('Version restored'),
    description: {
      id: msg('Version {number} is now your CV. It was saved as a new version; nothing was overwritten.'),
      values: { number },
    },
    variant: 'success',
  };
}
export function versionDownloadedNotice(number: number, format: CvFileFormat): Notice {
  return {
    title: msg('Download Successful'),
    description: {
      id:
        format === 'pdf'
          ? msg('Version {number} has been downloaded as PDF.')
          : msg('Version {number} has been downloaded as Word document.'),
      values: { number },
    },
    variant: 'success',
  };
}

/** What the versions of a CV are opened with: the CV and whether the builder holds changes not yet saved. */
export interface VersionsOpening {
  cv: CvReference;
  cvName: string;
  /** Restoring would replace what the builder shows: it waits until those changes are saved or undone. */
  unsaved: boolean;
}

export interface VersionsContext {
  opening?: VersionsOpening;
  versions: CvVersion[];
  /** The versions ticked to compare: at most two, the latest ticks. */
  selected: number[];
  error?: string;
  /** The version shown read-only, with its preview (and its template's name, unless it is no longer offered). */
  viewed?: { version: CvVersionDetail; templateName?: string; html: string };
  /** The two versions compared (older first) and what changed. */
  compared?: { from: number; to: number; comparison: VersionComparison };
  /** The version a request is out for (naming, restoring, downloading). */
  busyNumber?: number;
  renaming?: { number: number; name: string };
  downloading?: { number: number; format: CvFileFormat };
}

export type VersionsEvent =
  | ({ type: 'versions.open' } & VersionsOpening)
  | { type: 'versions.close' }
  | { type: 'versions.retry' }
  | { type: 'version.rename'; number: number; name: string }
  | { type: 'version.view'; number: number }
  | { type: 'version.select'; number: number }
  | { type: 'versions.compare' }
  | { type: 'versions.back' }
  | { type: 'version.restore'; number: number }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' }
  | { type: 'version.download'; number: number; format: CvFileFormat };

/** What the builder hears once a version is restored: it reads the CV again. */
export type VersionsParentEvent = { type: 'versions.restored' };

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.status !== 500 ? error.message : fallback;

async function loadTemplate(id: number, signal: AbortSignal): Promise<TemplateDetail | undefined> {
  try {
    return await getTemplate(apiClient, id, { signal });
  } catch {
    // A template no longer offered still compares by field ids; its names are then 'Field N'.
    return undefined;
  }
}

async function comparedVersion(cv: CvReference, number: number, signal: AbortSignal) {
  const version = await getVersion(apiClient, cv, number, { signal });
  const template = await loadTemplate(version.template, signal);
  return {
    // The template's own name (said in the interface's language by the view), or words for one no longer offered.
    templateName: template?.name ?? { id: msg('Template {id}'), values: { id: version.template } },
    sections: template?.sections ?? [],
    entries: version.entries,
    ...(version.layout ? { layout: version.layout } : {}),
    ...(version.design ? { design: version.design } : {}),
  };
}

/**
 * A saved CV's versions, opened from the builder's 'Versions' button: the list (newest first, with what caused each
 * and where it was sent), naming a version in place, opening one read-only in a preview, comparing two side by side,
 * restoring one (asked first; it becomes a new version and the builder shows it), and downloading one as PDF or
 * Word. Closing it goes back to the builder as it was.
 */
export const versionsMachine = setup({
  types: {
    context: {} as VersionsContext,
    events: {} as VersionsEvent,
  },
  actors: {
    loadVersions: fromPromise<CvVersion[], { cv: CvReference }>(({ input, signal }) =>
      listVersions(apiClient, input.cv, { signal }),
    ),
    renameVersion: fromPromise<CvVersion, { cv: CvReference; number: number; name: string }>(({ input }) =>
      renameVersion(apiClient, input.cv, input.number, input.name.trim() === '' ? null : input.name),
    ),
    openVersion: fromPromise<NonNullable<VersionsContext['viewed']>, { cv: CvReference; number: number }>(
      async ({ input, signal }) => {
        const version = await getVersion(apiClient, input.cv, input.number, { signal });
        const template = await loadTemplate(version.template, signal);
        const html = await preview(
          apiClient,
          {
            templateId: version.template,
            cvData: previewDataOf(version.entries),
            ...(version.layout ? { layout: version.layout } : {}),
            ...(version.design ? { design: version.design } : {}),
          },
          { signal },
        );
        return { version, ...(template ? { templateName: template.name } : {}), html };
      },
    ),
    compareVersions: fromPromise<VersionComparison, { cv: CvReference; from: number; to: number }>(
      async ({ input, signal }) => {
        const [from, to] = await Promise.all([
          comparedVersion(input.cv, input.from, signal),
          comparedVersion(input.cv, input.to, signal),
        ]);
        return compareVersions(from, to);
      },
    ),
    restoreVersion: fromPromise<unknown, { cv: CvReference; number: number }>(({ input }) =>
      restoreVersion(apiClient, input.cv, input.number),
    ),
    downloadVersion: fromPromise<Blob, { cv: CvReference; number: number; format: CvFileFormat }>(
      ({ input }) => downloadVersion(apiClient, input.cv, input.number, input.format),
    ),
  },
  actions: {
    assignOpening: assign({
      opening: (_, params: VersionsOpening) => params,
      versions: [],
      selected: [],
      error: undefined,
      viewed: undefined,
      compared: undefined,
    }),
    toggleSelected: assign({
      selected: ({ context }, params: { number: number }) =>
        context.selected.includes(params.number)
          ? context.selected.filter((number) => number !== params.number)
          : [...context.selected, params.number].slice(-2),
    }),
    assignVersions: assign({
      versions: (_, params: { versions: CvVersion[] }) => params.versions,
      error: undefined,
    }),
    assignError: assign({ error: (_, params: { message: string }) => params.message }),
    assignRenamed: assign({
      versions: ({ context }, params: { version: CvVersion }) =>
        context.versions.map((version) =>
          version.number === params.version.number ? params.version : version,
        ),
    }),
    assignRenaming: assign({ renaming: (_, params: { number: number; name: string }) => params }),
    assignViewed: assign({ viewed: (_, params: NonNullable<VersionsContext['viewed']>) => params }),
    assignCompared: assign({
      compared: (_, params: NonNullable<VersionsContext['compared']>) => params,
    }),
    assignBusy: assign({ busyNumber: (_, params: { number: number }) => params.number }),
    assignDownloading: assign({
      downloading: (_, params: { number: number; format: CvFileFormat }) => params,
    }),
    clearWork: assign({
      busyNumber: undefined,
      renaming: undefined,
      downloading: undefined,
      viewed: undefined,
      compared: undefined,
      error: undefined,
    }),
    saveFile: (_, params: { blob: Blob; name: string; format: CvFileFormat }) => {
      saveCvFile(params.blob, params.name, params.format);
    },
    tellBuilderRestored: sendParent({ type: 'versions.restored' } satisfies VersionsParentEvent),
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    isUnsupported: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 404,
    canRestore: ({ context }) => !context.opening?.unsaved,
    isNameChanged: ({ context }, params: { number: number; name: string }) =>
      (context.versions.find((version) => version.number === params.number)?.name ?? '') !==
      params.name.trim(),
    isTwoSelected: ({ context }) => context.selected.length === 2,
  },
}).createMachine({
  id: 'versions',
  context: { versions: [], selected: [] },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'versions.open': {
          target: 'open',
          actions: {
            type: 'assignOpening',
            params: ({ event }) => ({ cv: event.cv, cvName: event.cvName, unsaved: event.unsaved }),
          },
        },
      },
    },
    open: {
      on: { 'versions.close': { target: 'closed', actions: 'clearWork' } },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadVersions',
            input: ({ context }) => ({ cv: context.opening!.cv }),
            onDone: {
              target: 'list',
              actions: { type: 'assignVersions', params: ({ event }) => ({ versions: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isUnsupported', params: ({ event }) => ({ error: event.error }) },
                target: 'unsupported',
              },
              {
                target: 'failed',
                actions: {
                  type: 'assignError',
                  params: ({ event }) => ({ message: messageOf(event.error, VERSIONS_LOAD_FAILED_MESSAGE) }),
                },
              },
            ],
          },
        },
        failed: { on: { 'versions.retry': 'loading' } },
        /** A backend that keeps no versions (404). */
        unsupported: {},
        list: {
          entry: 'clearWork',
          on: {
            'version.rename': {
              guard: {
                type: 'isNameChanged',
                params: ({ event }) => ({ number: event.number, name: event.name }),
              },
              target: 'renaming',
              actions: {
                type: 'assignRenaming',
                params: ({ event }) => ({ number: event.number, name: event.name }),
              },
            },
            'version.view': {
              target: 'viewing',
              actions: { type: 'assignBusy', params: ({ event }) => ({ number: event.number }) },
            },
            'version.select': {
              actions: { type: 'toggleSelected', params: ({ event }) => ({ number: event.number }) },
            },
            'versions.compare': {
              guard: 'isTwoSelected',
              target: 'comparing',
              actions: {
                type: 'assignCompared',
                params: ({ context }) => ({
                  from: Math.min(...context.selected),
                  to: Math.max(...context.selected),
                  comparison: { sections: [], layout: [], design: [] },
                }),
              },
            },
            'version.restore': {
              guard: 'canRestore',
              target: 'confirmingRestore',
              actions: { type: 'assignBusy', params: ({ event }) => ({ number: event.number }) },
            },
            'version.download': {
              target: 'downloading',
              actions: {
                type: 'assignDownloading',
                params: ({ event }) => ({ number: event.number, format: event.format }),
              },
            },
          },
        },
        renaming: {
          tags: ['busy'],
          invoke: {
            src: 'renameVersion',
            input: ({ context }) => ({ cv: context.opening!.cv, ...context.renaming! }),
            onDone: {
              target: 'list',
              actions: { type: 'assignRenamed', params: ({ event }) => ({ version: event.output }) },
            },
            onError: { target: 'list', actions: { type: 'notify', params: RENAME_FAILED_NOTICE } },
          },
        },
        viewing: {
          on: { 'versions.back': 'list' },
          initial: 'opening',
          states: {
            opening: {
              tags: ['busy'],
              invoke: {
                src: 'openVersion',
                input: ({ context }) => ({ cv: context.opening!.cv, number: context.busyNumber! }),
                onDone: {
                  target: 'shown',
                  actions: { type: 'assignViewed', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'assignError',
                    params: ({ event }) => ({ message: messageOf(event.error, VERSION_OPEN_FAILED_MESSAGE) }),
                  },
                },
              },
            },
            shown: {},
            failed: {},
          },
        },
        comparing: {
          on: { 'versions.back': 'list' },
          initial: 'loading',
          states: {
            loading: {
              tags: ['busy'],
              invoke: {
                src: 'compareVersions',
                input: ({ context }) => ({
                  cv: context.opening!.cv,
                  from: context.compared!.from,
                  to: context.compared!.to,
                }),
                onDone: {
                  target: 'shown',
                  actions: {
                    type: 'assignCompared',
                    params: ({ context, event }) => ({ ...context.compared!, comparison: event.output }),
                  },
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'assignError',
                    params: ({ event }) => ({ message: messageOf(event.error, VERSION_OPEN_FAILED_MESSAGE) }),
                  },
                },
              },
            },
            shown: {},
            failed: {},
          },
        },
        confirmingRestore: {
          on: { 'restore.confirm': 'restoring', 'restore.cancel': 'list' },
        },
        restoring: {
          tags: ['busy'],
          invoke: {
            src: 'restoreVersion',
            input: ({ context }) => ({ cv: context.opening!.cv, number: context.busyNumber! }),
            onDone: {
              target: '#versions.closed',
              actions: [
                { type: 'notify', params: ({ context }) => restoredNotice(context.busyNumber!) },
                'tellBuilderRestored',
                'clearWork',
              ],
            },
            onError: { target: 'list', actions: { type: 'notify', params: RESTORE_FAILED_NOTICE } },
          },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            src: 'downloadVersion',
            input: ({ context }) => ({ cv: context.opening!.cv, ...context.downloading! }),
            onDone: {
              target: 'loading',
              actions: [
                {
                  type: 'saveFile',
                  params: ({ context, event }) => ({
                    blob: event.output,
                    name: `${context.opening!.cvName} (version ${context.downloading!.number})`,
                    format: context.downloading!.format,
                  }),
                },
                {
                  type: 'notify',
                  params: ({ context }) =>
                    versionDownloadedNotice(context.downloading!.number, context.downloading!.format),
                },
              ],
            },
            onError: { target: 'list', actions: { type: 'notify', params: VERSION_DOWNLOAD_FAILED_NOTICE } },
          },
        },
      },
    },
  },
});

export type VersionsActor = ActorRefFrom<typeof versionsMachine>;
export type VersionsSnapshot = SnapshotFrom<typeof versionsMachine>;
