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

/** What Download and Email say they do (they save first when the screen shows changes the saved copy lacks). */
export function deliversAfterSave(snapshot: BuilderSnapshot): boolean {
  return savesBeforeDelivery(snapshot.context);
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
};

/**
 * Download or email, once the CV is saved: straight away when the saved copy is what the screen shows, else after
 * saving it. Before the first save neither is possible (the view asks `snapshot.can`).
 */
const deliver = (delivery: (event: BuilderEvent) => Delivery) =>
  [
    // Saving first with a value its field refuses would be refused: the field is shown instead.
    {
      guard: and(['mustSaveFirst', 'hasFieldProblem']),
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
      actions: { type: 'forwardDelivery', params: ({ event }: { event: BuilderEvent }) => delivery(event) },
    },
  ] as const;

/** In the saving region's idle state: Download and Email. */
export const deliveryTransitions = {
  'cv.download': deliver((event) => ({
    kind: 'download',
    format: (event as Extract<BuilderEvent, { type: 'cv.download' }>).format,
  })),
  'cv.email': deliver(() => ({ kind: 'email' })),
} satisfies BuilderStateConfig['on'];

/** Anywhere in the builder: an export of what the screen shows, nothing saved first. */
export const exportTransitions = {
  'cv.export': { actions: { type: 'forwardExport', params: ({ event }) => ({ format: event.format }) } },
} satisfies BuilderStateConfig['on'];
