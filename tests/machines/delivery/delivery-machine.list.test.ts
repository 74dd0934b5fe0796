import { createActor, createMachine, fromCallback } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { CvFileFormat, GeneratedCv } from '../../../src/api/cvs';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  copyName,
  DELIVERY_BUSY_TAG as CV_ACTION_BUSY_TAG,
  type DeliveryActor,
  deliveryMachine,
  type DownloadInput,
  type EmailInput,
  type ExportInput,
} from '../../../src/machines/delivery/delivery-machine';
import {
  CV_DELETED_NOTICE,
  DELETE_FAILED_NOTICE,
  LIST_DOWNLOAD_FAILED_NOTICE as DOWNLOAD_FAILED_NOTICE,
  downloadedNotice,
  DUPLICATE_FAILED_NOTICE,
  duplicatedNotice,
  EMAIL_FAILED_NOTICE,
  EMAIL_SENT_NOTICE,
} from '../../../src/machines/delivery/delivery-notices';
import { t } from '../../../src/i18n/i18n';
import { makeCv } from '../catalogue/catalogue-fixtures';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const cv = makeCv(7, 1, 'Software Engineer 2024');

function recordingList() {
  const received: unknown[] = [];
  const actor = createActor(
    fromCallback<{ type: 'cv.removed'; cvId: number } | { type: 'cv.added'; cv: GeneratedCv }>(
      ({ receive }) => {
        receive((event) => received.push(event));
      },
    ),
  ).start();
  return { actor, received };
}

function createWorld(subject: GeneratedCv = cv) {
  const download = deferredActor<Blob, DownloadInput>();
  const email = deferredActor<void, EmailInput>();
  const remove = deferredActor<void, { cv: GeneratedCv }>();
  const notify = vi.fn<(notice: Notice) => void>();
  const saveFile = vi.fn<(blob: Blob, name: string, format: CvFileFormat) => void>();
  const list = recordingList();
  const machine = deliveryMachine.provide({
    actors: { downloadFile: download.logic, sendEmail: email.logic, deleteCv: remove.logic },
    actions: {
      notify: (_, params) => notify(params),
      saveFile: (_, params) => saveFile(params.blob, params.name, params.format),
    },
  });
  const actor: DeliveryActor = createActor(machine, {
    input: { cv: subject, list: list.actor },
  }).start();
  return { actor, download, email, remove, notify, saveFile, list, format: 'pdf' as CvFileFormat };
}
type World = ReturnType<typeof createWorld>;

describe("delivery machine, a list's CV: model-based", () => {
  const model = createMachine({
    id: 'listDeliveryModel',
    initial: 'idle',
    states: {
      idle: {
        on: {
          'download.pdf': 'downloading',
          'download.word': 'downloading',
          'cv.email': 'askingEmail',
          'cv.delete': 'confirming',
        },
      },
      askingEmail: { on: { 'email.cancel': 'idle', 'email.confirm': 'emailing' } },
      downloading: { on: { 'download.succeeds': 'idle', 'download.fails': 'idle' } },
      emailing: { on: { 'email.succeeds': 'idle', 'email.fails': 'idle' } },
      confirming: { on: { 'delete.cancel': 'idle', 'delete.confirm': 'deleting' } },
      deleting: { on: { 'delete.succeeds': 'deleted', 'delete.fails': 'idle' } },
      deleted: { type: 'final' },
    },
  });
  const events = [
    'download.pdf',
    'download.word',
    'download.succeeds',
    'download.fails',
    'cv.email',
    'email.cancel',
    'email.confirm',
    'email.succeeds',
    'email.fails',
    'cv.delete',
    'delete.cancel',
    'delete.confirm',
    'delete.succeeds',
    'delete.fails',
  ].map((type) => ({ type }));

  const requestDownload = (format: CvFileFormat) => (world: World) => {
    world.format = format;
    world.actor.send({ type: 'cv.download', format });
    expect(world.download.last().input).toEqual({ cv, format });
  };

  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'download.pdf': requestDownload('pdf'),
    'download.word': requestDownload('word'),
    'download.succeeds': async (world) => {
      const blob = new Blob(['file'], { type: 'application/pdf' });
      world.download.last().resolve(blob);
      await flush();
      expect(world.saveFile).toHaveBeenLastCalledWith(blob, 'Software Engineer 2024', world.format);
      // The notice's words are messages: in English here.
      const notice = world.notify.mock.lastCall![0];
      expect({ ...notice, title: t(notice.title), description: t(notice.description!) }).toEqual({
        title: 'Download Successful',
        description:
          world.format === 'pdf'
            ? 'Software Engineer 2024 has been downloaded as PDF.'
            : 'Software Engineer 2024 has been downloaded as Word document.',
        variant: 'success',
      });
    },
    'download.fails': async (world) => {
      const saves = world.saveFile.mock.calls.length;
      world.download.last().reject(new ApiError('PDF rendering is unavailable', { status: 503 }));
      await flush();
      expect(world.saveFile).toHaveBeenCalledTimes(saves);
      expect(world.notify).toHaveBeenLastCalledWith(DOWNLOAD_FAILED_NOTICE);
    },
    // Nothing is sent before the person has seen where it goes.
    'cv.email': ({ actor, email }) => {
      actor.send({ type: 'cv.email' });
      expect(email.requests).toHaveLength(0);
    },
    'email.cancel': ({ actor, email }) => {
      const sent = email.requests.length;
      actor.send({ type: 'email.cancel' });
      expect(email.requests).toHaveLength(sent);
    },
    'email.confirm': ({ actor, email }) => {
      actor.send({ type: 'email.confirm' });
      expect(email.last().input).toEqual({ cv });
    },
    'email.succeeds': async ({ email, notify }) => {
      email.last().resolve();
      await flush();
      expect(notify).toHaveBeenLastCalledWith(EMAIL_SENT_NOTICE);
    },
    'email.fails': async ({ email, notify }) => {
      email.last().reject(new ApiError('Too many requests.', { status: 429 }));
      await flush();
      expect(notify).toHaveBeenLastCalledWith(EMAIL_FAILED_NOTICE);
    },
    'cv.delete': ({ actor }) => actor.send({ type: 'cv.delete' }),
    'delete.cancel': ({ actor }) => actor.send({ type: 'delete.cancel' }),
    'delete.confirm': ({ actor, remove }) => {
      actor.send({ type: 'delete.confirm' });
      expect(remove.last().input).toEqual({ cv });
    },
    'delete.succeeds': async ({ remove, notify }) => {
      remove.last().resolve();
      await flush();
      expect(notify).toHaveBeenLastCalledWith(CV_DELETED_NOTICE);
    },
    'delete.fails': async ({ remove, notify }) => {
      remove.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
      expect(notify).toHaveBeenLastCalledWith(DELETE_FAILED_NOTICE);
    },
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    switch (modelState) {
      case 'idle':
        expect(snapshot.value).toBe('idle');
        expect(snapshot.hasTag(CV_ACTION_BUSY_TAG)).toBe(false);
        expect(snapshot.can({ type: 'cv.download', format: 'pdf' })).toBe(true);
        break;
      case 'downloading':
      case 'emailing':
      case 'deleting':
        expect(snapshot.value).toBe(modelState);
        expect(snapshot.hasTag(CV_ACTION_BUSY_TAG)).toBe(true);
        expect(snapshot.can({ type: 'cv.email' })).toBe(false);
        expect(snapshot.can({ type: 'cv.delete' })).toBe(false);
        break;
      case 'askingEmail':
        expect(snapshot.value).toBe('confirmingEmail');
        expect(snapshot.hasTag(CV_ACTION_BUSY_TAG)).toBe(false);
        expect(snapshot.can({ type: 'cv.delete' })).toBe(false);
        break;
      case 'confirming':
        expect(snapshot.value).toBe('confirmingDelete');
        expect(snapshot.can({ type: 'cv.download', format: 'pdf' })).toBe(false);
        break;
      case 'deleted':
        expect(snapshot.status).toBe('done');
        break;
      default:
        throw new Error(`unknown model state ${modelState}`);
    }
    // Only a confirmed, successful delete tells the list to drop the CV.
    expect(world.list.received).toEqual(modelState === 'deleted' ? [{ type: 'cv.removed', cvId: 7 }] : []);
  }

  const paths = transitionPaths(model, events);

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const world = createWorld();
    await runModelPath(model, path, world, executors, assertState);
    world.actor.stop();
  });
});

describe("delivery machine, a list's CV: details", () => {
  it('words the download toast for a CV without a name', () => {
    expect(t(downloadedNotice('', 'pdf').description!)).toBe('Your CV has been downloaded as PDF.');
    expect(t(downloadedNotice('  Data Analyst ', 'word').description!)).toBe(
      'Data Analyst has been downloaded as Word document.',
    );
  });

  it('deletes without a list to tell', async () => {
    const remove = deferredActor<void, { cv: GeneratedCv }>();
    const actor = createActor(
      deliveryMachine.provide({
        actors: { deleteCv: remove.logic },
        actions: { notify: () => undefined },
      }),
      { input: { cv } },
    ).start();
    actor.send({ type: 'cv.delete' });
    actor.send({ type: 'delete.confirm' });
    remove.last().resolve();
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ignores a confirmation that was never asked for', () => {
    const world = createWorld();
    world.actor.send({ type: 'delete.confirm' });
    expect(world.actor.getSnapshot().value).toBe('idle');
    expect(world.remove.requests).toHaveLength(0);
  });
});

describe("delivery machine, a list's CV: duplicate and export", () => {
  it('a copy named "… (2)" is created and handed to the list', async () => {
    const notify = vi.fn<(notice: Notice) => void>();
    const list = recordingList();
    const copy = {
      ...cv,
      id: cv.id + 100,
      uuid: '11111111-2222-4333-8444-555555555555',
      name: `${cv.name} (2)`,
    };
    const duplicate = deferredActor<GeneratedCv, { cv: GeneratedCv }>();
    const actor = createActor(
      deliveryMachine.provide({
        actors: { duplicateCv: duplicate.logic },
        actions: { notify: (_, params) => notify(params) },
      }),
      { input: { cv, list: list.actor } },
    ).start();
    actor.send({ type: 'cv.duplicate' });
    expect(actor.getSnapshot().hasTag(CV_ACTION_BUSY_TAG)).toBe(true);
    duplicate.last().resolve(copy);
    await flush();
    expect(list.received).toEqual([{ type: 'cv.added', cv: copy }]);
    expect(notify).toHaveBeenCalledWith(duplicatedNotice(copy.name));
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a failed copy says so and changes nothing', async () => {
    const notify = vi.fn<(notice: Notice) => void>();
    const list = recordingList();
    const duplicate = deferredActor<GeneratedCv, { cv: GeneratedCv }>();
    const actor = createActor(
      deliveryMachine.provide({
        actors: { duplicateCv: duplicate.logic },
        actions: { notify: (_, params) => notify(params) },
      }),
      { input: { cv, list: list.actor } },
    ).start();
    actor.send({ type: 'cv.duplicate' });
    duplicate.last().reject(new Error('500'));
    await flush();
    expect(list.received).toEqual([]);
    expect(notify).toHaveBeenCalledWith(DUPLICATE_FAILED_NOTICE);
  });

  it('names a copy within the longest CV name', () => {
    expect(copyName('Backend 2026')).toBe('Backend 2026 (2)');
    expect(copyName('  ')).toBe('CV (2)');
    expect(copyName('x'.repeat(300))).toHaveLength(200);
    expect(copyName('x'.repeat(300))).toMatch(/x \(2\)$/);
  });

  it("numbers copies of copies, never nesting, and skips the person's names already taken", () => {
    const taken = ['QA Main CV', 'QA Main CV (2)', 'qa main cv (3)'];
    expect(copyName('QA Main CV', taken)).toBe('QA Main CV (4)');
    expect(copyName('QA Main CV (2)', ['QA Main CV'])).toBe('QA Main CV (3)');
    expect(copyName('QA Main CV (4)', [...taken, 'QA Main CV (4)'])).toBe('QA Main CV (5)');
    // Names copies made before this rule read the same way.
    expect(copyName('Copy of Copy of QA Main CV', taken)).toBe('QA Main CV (4)');
    expect(copyName('QA Main CV (copy)')).toBe('QA Main CV (2)');
    // A year in brackets is part of the name.
    expect(copyName('Plan (2024)')).toBe('Plan (2024) (2)');
    expect(copyName('Copy of ')).toBe('Copy of (2)');
  });

  it('an export says which format it was saved as', async () => {
    const notify = vi.fn<(notice: Notice) => void>();
    const exported = deferredActor<void, ExportInput>();
    const actor = createActor(
      deliveryMachine.provide({
        actors: { exportCv: exported.logic },
        actions: { notify: (_, params) => notify(params) },
      }),
      { input: { cv } },
    ).start();
    actor.send({ type: 'cv.export', format: 'markdown' });
    expect(exported.last().input).toEqual({ cv, format: 'markdown' });
    exported.last().resolve();
    await flush();
    expect(notify).toHaveBeenCalledWith(downloadedNotice(cv.name, 'markdown'));
    expect(t(downloadedNotice('Ops', 'json').description!)).toBe('Ops has been downloaded as JSON Resume.');
  });
});
