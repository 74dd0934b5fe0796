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
import { dataUrlParts, fetchCvPhoto, uploadCvPhoto } from '../../api/photo';
import { designToWire } from '../../api/design';
import {
  createGeneratedCv,
  deleteGeneratedCv,
  downloadCv,
  getGeneratedCv,
  listGeneratedCvs,
  sendCvEmail,
  type CvFileFormat,
  type CvReference,
  type GeneratedCv,
} from '../../api/cvs';
import { saveCvFile, type CvDataFormat } from '../../api/download';
import { getTemplate } from '../../api/templates';
import { groupEntries } from '../../cv/form-data';
import { EMPTY_LAYOUT } from '../../cv/layout';
import type { CvExportSource } from '../../cv-data/cv-export';
import type { Notice } from '../auth/auth-flow';
import { MAX_CV_NAME_LENGTH } from '../../../rules/cv';
import {
  CV_DELETED_NOTICE,
  DELETE_FAILED_NOTICE,
  DOWNLOAD_NOTICES,
  DUPLICATE_FAILED_NOTICE,
  duplicatedNotice,
  EMAIL_FAILED_NOTICE,
  EMAIL_SENT_NOTICE,
  MUST_SAVE_NOTICE,
  type DeliveryPlace,
} from './delivery-notices';

/**
 * What a download or an email is of: what the API knows the CV by (a list's CV by its id, the builder's by its
 * uuid) and the name its file is saved as.
 */
export interface DeliveredCv {
  id: CvReference;
  name: string;
}

export interface DownloadInput {
  cv: DeliveredCv;
  format: CvFileFormat;
}

export interface EmailInput {
  cv: DeliveredCv;
}

/** A saved CV's data, read back from the server (a list), or what the builder's screen shows, saved or not. */
export type ExportInput = { format: CvDataFormat } & ({ cv: GeneratedCv } | { source: CvExportSource });

/** The list that shows the CV: told of a copy, and when the CV is gone, so it can change locally. */
export type CvListRef = ActorRef<
  Snapshot<unknown>,
  { type: 'cv.removed'; cvId: number } | { type: 'cv.added'; cv: GeneratedCv }
>;

/**
 * A list's CV and the list; the builder gives none (each of its requests names the CV). `void`, not `undefined`:
 * setup() drops an `undefined` from the input type, and the builder's invoke would then have to give one.
 */
export type DeliveryInput = { cv: GeneratedCv; list?: CvListRef } | void;

export interface DeliveryContext {
  /** A list's CV, the machine's own for its whole life; the builder's delivery has none. */
  cv?: GeneratedCv;
  list?: CvListRef;
  /** Where the delivery under way was asked for: how its notices read. */
  place: DeliveryPlace;
  download?: DownloadInput;
  email?: EmailInput;
  dataExport?: ExportInput;
}

export type DeliveryEvent =
  // A saved CV's menu in a list: the machine's own CV.
  | { type: 'cv.download'; format: CvFileFormat }
  /** Asks first: 'Email this CV?' names the address it goes to (as the builder's Email does). */
  | { type: 'cv.email' }
  | { type: 'email.confirm' }
  | { type: 'email.cancel' }
  /** JSON Resume, Markdown or plain text of the saved CV. */
  | { type: 'cv.export'; format: CvDataFormat }
  /** A copy named '… (2)' (the next number free) with the same template, values, layout and design. */
  | { type: 'cv.duplicate' }
  | { type: 'cv.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  // The builder's: each names the CV, which is saved, renamed or not saved yet as the person works.
  | {
      type: 'download.request';
      format: CvFileFormat;
      /** Present once the CV is saved (docs/behaviour.md#validation-rules: needs a saved CV with a uuid). */
      uuid?: string;
      name: string;
    }
  /** Mails the saved CV as a PDF to the person's own address. */
  | { type: 'email.request'; uuid?: string; name: string }
  /** The CV's data as JSON Resume, Markdown or plain text, made from what the screen shows. */
  | { type: 'export.request'; format: CvDataFormat; source: CvExportSource };

export const DELIVERY_BUSY_TAG = 'busy';

/** What copies add to a name: an old 'Copy of ' in front, a ' (copy)' or ' (2)' at the end. */
const COPY_PREFIX = /^(?:copy of\s+)+/i;
const COPY_SUFFIX = /\s*\((?:copy|\d{1,3})\)$/i; // not a year: "Plan (2024)" is a name

/**
 * A copy's name: the original's name without what earlier copies added, then the first number from 2 that no CV
 * in `taken` has ('QA Main CV (2)', '(3)', …), so copies of copies never nest; within the longest name a CV may have.
 */
export function copyName(name: string, taken: Iterable<string> = []): string {
  const base = name.trim().replace(COPY_PREFIX, '').replace(COPY_SUFFIX, '').trim() || name.trim() || 'CV';
  const names = new Set([...taken].map((other) => other.trim().toLowerCase()));
  const named = (n: number) => {
    const suffix = ` (${n})`;
    return `${base.slice(0, MAX_CV_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
  };
  const own = COPY_SUFFIX.exec(name.trim())?.[0].match(/\d+/);
  let n = own ? Number(own[0]) + 1 : 2;
  while (names.has(named(n).toLowerCase())) n += 1;
  return named(n);
}

/** A saved CV as its export reads it: its values, grouped by its template's sections, and its layout. */
async function savedCvSource(cv: GeneratedCv, signal: AbortSignal): Promise<CvExportSource> {
  const detail = await getGeneratedCv(apiClient, cv.id, { signal });
  const template = await getTemplate(apiClient, detail.template, { signal });
  const { formData } = groupEntries(template.sections, detail.entries);
  // The stored (processed) JPEG; a photo that cannot be read leaves the file without one, as a copy is left.
  const photo = detail.design?.photo.hidden
    ? undefined
    : await fetchCvPhoto(apiClient, cv.id, { signal }).catch(() => undefined);
  return {
    ...(photo !== undefined ? { photo } : {}),
    name: cv.name,
    templateId: template.id,
    sections: template.sections,
    formData,
    layout: detail.layout ?? EMPTY_LAYOUT,
  };
}

const exportedName = (dataExport: ExportInput) =>
  ('cv' in dataExport ? dataExport.cv : dataExport.source).name;

/**
 * Download (PDF, Word), export (JSON Resume, Markdown, plain text) and email of a saved CV, one at a time: the
 * builder's and each listed CV's (docs/behaviour.md#cv-builder, #template-card, #validation-rules, #messages).
 *
 * A list's machine is given its CV, asks before emailing it (the view names the address), and also copies and
 * deletes it (after a confirmation). The builder names the CV with each request; saving first, when the screen
 * shows changes, and asking before an email are the builder's own.
 */
export const deliveryMachine = setup({
  types: {
    context: {} as DeliveryContext,
    events: {} as DeliveryEvent,
    input: {} as DeliveryInput,
    tags: {} as typeof DELIVERY_BUSY_TAG,
  },
  actors: {
    downloadFile: fromPromise<Blob, DownloadInput>(({ input }) =>
      downloadCv(apiClient, input.cv.id, input.format),
    ),
    sendEmail: fromPromise<void, EmailInput>(({ input }) => sendCvEmail(apiClient, input.cv.id)),
    /** The export code (schema, mapping) loads with the first export, never with the page. */
    exportCv: fromPromise<void, ExportInput>(async ({ input, signal }) => {
      const source = 'source' in input ? input.source : await savedCvSource(input.cv, signal);
      const { saveCvExport } = await import('../../cv-data/cv-export');
      saveCvExport(input.format, source);
    }),
    /** A new GeneratedCV through the same POST the builder saves with. */
    duplicateCv: fromPromise<GeneratedCv, { cv: GeneratedCv }>(async ({ input, signal }) => {
      const [detail, photo, others] = await Promise.all([
        getGeneratedCv(apiClient, input.cv.id, { signal }),
        // A photo that cannot be read leaves the copy without one; the copy is still made.
        fetchCvPhoto(apiClient, input.cv.id, { signal }).catch(() => undefined),
        // The person's other CVs' names: the copy takes the next free number. Unread, it still gets one.
        listGeneratedCvs(apiClient, { signal }).catch(() => [] as GeneratedCv[]),
      ]);
      const copy = await createGeneratedCv(apiClient, {
        name: copyName(
          detail.name || input.cv.name,
          others.map((other) => other.name),
        ),
        template: detail.template,
        entries: detail.entries.map(({ value, index, section_field }) => ({ value, index, section_field })),
        ...(detail.layout ? { layout: detail.layout } : {}),
        // The copy prints as the original does.
        ...(detail.design ? { design: designToWire(detail.design) } : {}),
      });
      // [extension] The copy gets the original's photo too.
      const image = photo && dataUrlParts(photo);
      if (image) await uploadCvPhoto(apiClient, copy.uuid ?? copy.id, image).catch(() => undefined);
      return copy;
    }),
    deleteCv: fromPromise<void, { cv: GeneratedCv }>(({ input }) =>
      deleteGeneratedCv(apiClient, input.cv.id),
    ),
  },
  actions: {
    assignDelivery: assign(
      (
        _,
        params: Pick<DeliveryContext, 'place'> &
          Pick<Partial<DeliveryContext>, 'download' | 'email' | 'dataExport'>,
      ) => params,
    ),
    saveFile: (_, params: { blob: Blob; name: string; format: CvFileFormat }) => {
      saveCvFile(params.blob, params.name, params.format);
    },
    reportAdded: enqueueActions(({ context, enqueue }, params: { cv: GeneratedCv }) => {
      if (context.list) enqueue.sendTo(context.list, { type: 'cv.added', cv: params.cv });
    }),
    reportRemoved: enqueueActions(({ context, enqueue }) => {
      if (context.list && context.cv)
        enqueue.sendTo(context.list, { type: 'cv.removed', cvId: context.cv.id });
    }),
    // The route gives the real toaster; the machine only says what to show.
    notify: (_, _params: Notice) => undefined,
  },
  guards: {
    ownsCv: ({ context }) => context.cv !== undefined,
    hasUuid: (_, params: { uuid?: string }) => typeof params.uuid === 'string' && params.uuid !== '',
  },
}).createMachine({
  id: 'delivery',
  context: ({ input }) => ({ cv: input?.cv, list: input?.list, place: input?.cv ? 'list' : 'builder' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cv.download': {
          guard: 'ownsCv',
          target: 'downloading',
          actions: {
            type: 'assignDelivery',
            params: ({ context, event }) => ({
              place: 'list',
              download: { cv: context.cv!, format: event.format },
            }),
          },
        },
        'cv.email': {
          guard: 'ownsCv',
          target: 'confirmingEmail',
          actions: {
            type: 'assignDelivery',
            params: ({ context }) => ({ place: 'list', email: { cv: context.cv! } }),
          },
        },
        'cv.export': {
          guard: 'ownsCv',
          target: 'exporting',
          actions: {
            type: 'assignDelivery',
            params: ({ context, event }) => ({
              place: 'list',
              dataExport: { cv: context.cv!, format: event.format },
            }),
          },
        },
        'download.request': [
          {
            guard: { type: 'hasUuid', params: ({ event }) => ({ uuid: event.uuid }) },
            target: 'downloading',
            actions: {
              type: 'assignDelivery',
              params: ({ event }) => ({
                place: 'builder',
                download: { cv: { id: event.uuid!, name: event.name }, format: event.format },
              }),
            },
          },
          { actions: { type: 'notify', params: MUST_SAVE_NOTICE } },
        ],
        'email.request': [
          {
            guard: { type: 'hasUuid', params: ({ event }) => ({ uuid: event.uuid }) },
            target: 'emailing',
            actions: {
              type: 'assignDelivery',
              params: ({ event }) => ({
                place: 'builder',
                email: { cv: { id: event.uuid!, name: event.name } },
              }),
            },
          },
          { actions: { type: 'notify', params: MUST_SAVE_NOTICE } },
        ],
        'export.request': {
          target: 'exporting',
          actions: {
            type: 'assignDelivery',
            params: ({ event }) => ({
              place: 'builder',
              dataExport: { format: event.format, source: event.source },
            }),
          },
        },
        // A list's CV can also be copied, and deleted once the person confirms.
        'cv.duplicate': { guard: 'ownsCv', target: 'duplicating' },
        'cv.delete': { guard: 'ownsCv', target: 'confirmingDelete' },
      },
    },
    downloading: {
      tags: [DELIVERY_BUSY_TAG],
      invoke: {
        src: 'downloadFile',
        input: ({ context }) => context.download!,
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'saveFile',
              params: ({ context, event }) => ({
                blob: event.output,
                name: context.download!.cv.name,
                format: context.download!.format,
              }),
            },
            {
              type: 'notify',
              params: ({ context }) =>
                DOWNLOAD_NOTICES[context.place].downloaded(
                  context.download!.cv.name,
                  context.download!.format,
                ),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ context }) => DOWNLOAD_NOTICES[context.place].failed },
        },
      },
    },
    // 'Email this CV?' with the address, before anything is sent: the builder asks the same.
    confirmingEmail: {
      on: {
        'email.confirm': 'emailing',
        'email.cancel': 'idle',
      },
    },
    emailing: {
      tags: [DELIVERY_BUSY_TAG],
      invoke: {
        src: 'sendEmail',
        input: ({ context }) => context.email!,
        onDone: { target: 'idle', actions: { type: 'notify', params: EMAIL_SENT_NOTICE } },
        onError: { target: 'idle', actions: { type: 'notify', params: EMAIL_FAILED_NOTICE } },
      },
    },
    exporting: {
      tags: [DELIVERY_BUSY_TAG],
      invoke: {
        src: 'exportCv',
        input: ({ context }) => context.dataExport!,
        onDone: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ context }) =>
              DOWNLOAD_NOTICES[context.place].downloaded(
                exportedName(context.dataExport!),
                context.dataExport!.format,
              ),
          },
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ context }) => DOWNLOAD_NOTICES[context.place].failed },
        },
      },
    },
    duplicating: {
      tags: [DELIVERY_BUSY_TAG],
      invoke: {
        src: 'duplicateCv',
        input: ({ context }) => ({ cv: context.cv! }),
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
      tags: [DELIVERY_BUSY_TAG],
      invoke: {
        src: 'deleteCv',
        input: ({ context }) => ({ cv: context.cv! }),
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

export type DeliveryActor = ActorRefFrom<typeof deliveryMachine>;
export type DeliverySnapshot = SnapshotFrom<typeof deliveryMachine>;
