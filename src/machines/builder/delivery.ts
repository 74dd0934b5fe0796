import { and } from 'xstate';
import type { CvDataFormat } from '../../api/download';
import {
  assignBuilder,
  enqueueBuilder,
  sendFromBuilder,
  type BuilderContext,
  type BuilderEvent,
  type Delivery,
} from './builder-context';
import type { DeliveryEvent } from '../delivery/delivery-machine';
import type { BuilderSnapshot, BuilderStateConfig } from './builder-machine';

// Download, email and export, as the builder hands them to its delivery actor (`downloads`). Download and email
// need the CV saved with a uuid; when the screen shows changes the saved copy lacks, they wait for a save first.

/** Delivering now would send the last saved copy while the screen shows newer text: Download and Email save first. */
function savesBeforeDelivery(context: Pick<BuilderContext, 'cv' | 'unsaved'>): boolean {
  return context.cv.uuid !== undefined && context.unsaved;
}

/**
 * What Download and Email say they do: they save first when the screen shows changes the saved copy lacks, and on
 * a CV never saved (which is named first).
 */
export function deliversAfterSave(snapshot: BuilderSnapshot): boolean {
  const { cv } = snapshot.context;
  return savesBeforeDelivery(snapshot.context) || (cv.id === undefined && cv.uuid === undefined);
}

/** What the delivery actor is asked for. */
const deliveryRequest = (context: BuilderContext, delivery: Delivery): DeliveryEvent =>
  // docs/behaviour.md#cv-builder: delivery needs the CV saved with a uuid; the download machine tells the person
  // otherwise.
  delivery.kind === 'download'
    ? { type: 'download.request', format: delivery.format, uuid: context.cv.uuid, name: context.cv.name }
    : { type: 'email.request', uuid: context.cv.uuid, name: context.cv.name };

export const deliveryActions = {
  forwardDelivery: sendFromBuilder('downloads', ({ context }, params: Delivery) =>
    deliveryRequest(context, params),
  ),
  forwardExport: sendFromBuilder(
    'downloads',
    ({ context }, params: { format: CvDataFormat }): DeliveryEvent => ({
      type: 'export.request',
      format: params.format,
      source: {
        name: context.cv.name,
        templateId: context.cv.template,
        sections: context.template?.sections ?? [],
        formData: context.formData,
        layout: context.layout,
        // A hidden photo is left out, as from the PDF.
        ...(context.design.photo.image !== undefined && !context.design.photo.hidden
          ? { photo: context.design.photo.image }
          : {}),
      },
    }),
  ),
  assignPendingDelivery: assignBuilder({ pendingDelivery: (_, params: Delivery) => params }),
  /** The download or email asked for before a save, once the save is done. */
  deliverPending: enqueueBuilder(({ context, enqueue }) => {
    if (context.pendingDelivery)
      enqueue.sendTo('downloads', deliveryRequest(context, context.pendingDelivery));
    enqueue.assign({ pendingDelivery: undefined });
  }),
  clearPendingDelivery: assignBuilder({ pendingDelivery: undefined }),
};

export const deliveryGuards = {
  /** docs/behaviour.md#validation-rules: a download or an email needs a saved CV with a uuid. */
  hasSavedCopy: ({ context }: { context: BuilderContext }) => context.cv.uuid !== undefined,
  mustSaveFirst: ({ context }: { context: BuilderContext }) => savesBeforeDelivery(context),
  isDeliveryPending: ({ context }: { context: BuilderContext }) => context.pendingDelivery !== undefined,
  /** A saved copy to send, or a new CV with a completed section to save and send. */
  mayEmail: ({ context }: { context: BuilderContext }) =>
    context.cv.uuid !== undefined || (context.cv.id === undefined && context.completedSections.length > 0),
};

/**
 * Download or email, once the CV is saved: straight away when the saved copy is what the screen shows, else after
 * saving it. A CV never saved is named first (the save dialog), then saved, then delivered; before a section is
 * completed there is nothing to save (the view asks `snapshot.can`). Each ends in the saving region's `idle`,
 * `naming` or `saving`.
 */
const deliver = (delivery: (event: BuilderEvent) => Delivery) =>
  [
    // Saving first with a value its field refuses would be refused: the field is shown instead.
    {
      guard: and(['mustSaveFirst', 'hasFieldProblem']),
      target: 'idle',
      actions: [{ type: 'pointAtProblem', params: {} }, 'markDraftChanged'],
    },
    {
      guard: 'mustSaveFirst',
      target: 'saving',
      actions: [
        { type: 'assignPendingDelivery', params: ({ event }: { event: BuilderEvent }) => delivery(event) },
        'markDraftChanged',
      ],
    },
    {
      guard: 'hasSavedCopy',
      target: 'idle',
      actions: { type: 'forwardDelivery', params: ({ event }: { event: BuilderEvent }) => delivery(event) },
    },
    {
      guard: and(['isNewCv', 'mayPointAtProblem']),
      target: 'idle',
      actions: [{ type: 'pointAtProblem', params: {} }, 'markDraftChanged'],
    },
    {
      guard: and(['isNewCv', 'hasCompletedSection']),
      target: 'naming',
      actions: [
        { type: 'assignPendingDelivery', params: ({ event }: { event: BuilderEvent }) => delivery(event) },
        'openSaveDialog',
      ],
    },
  ] as const;

const EMAIL: Delivery = { kind: 'email' };

/** In the saving region's idle state: Download and Email (which first says where the email goes). */
export const deliveryTransitions = {
  'cv.download': deliver((event) => ({
    kind: 'download',
    format: (event as Extract<BuilderEvent, { type: 'cv.download' }>).format,
  })),
  'cv.email': {
    guard: 'mayEmail',
    target: 'confirmingEmail',
  },
} satisfies BuilderStateConfig['on'];

/** 'Email this CV?': the address it goes to, then Send (or Cancel). */
export const emailConfirmation = {
  confirmingEmail: {
    on: {
      'email.confirm': deliver(() => EMAIL),
      'email.cancel': 'idle',
    },
  },
} satisfies BuilderStateConfig['states'];

/** Anywhere in the builder: an export of what the screen shows, nothing saved first. */
export const exportTransitions = {
  'cv.export': { actions: { type: 'forwardExport', params: ({ event }) => ({ format: event.format }) } },
} satisfies BuilderStateConfig['on'];
