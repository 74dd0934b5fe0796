import { fromPromise } from 'xstate';
import type { CvFileFormat } from '../../../src/api/cvs';
import type { DownloadInput, EmailInput } from '../../../src/machines/delivery/delivery-machine';
import type { DeferredActor } from '../model-paths';

// The builder names its CV by uuid: its tests read a download as { format, uuid, name } and an email as { uuid }.

export interface BuilderDownloadRequest {
  format: CvFileFormat;
  uuid: string;
  name: string;
}

/**
 * The delivery machine's download and email, answered through the builder's requests. The file the download gives
 * is an empty one: these tests check what is asked for and what the person is told, not the file.
 */
export function builderDeliveryActors(
  download: DeferredActor<void, BuilderDownloadRequest>,
  email?: DeferredActor<void, { uuid: string }>,
) {
  return {
    downloadFile: fromPromise<Blob, DownloadInput>(async ({ input }) => {
      await download.ask({ format: input.format, uuid: String(input.cv.id), name: input.cv.name });
      return new Blob();
    }),
    ...(email
      ? { sendEmail: fromPromise<void, EmailInput>(({ input }) => email.ask({ uuid: String(input.cv.id) })) }
      : {}),
  };
}
