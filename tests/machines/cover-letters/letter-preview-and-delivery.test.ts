import { SimulatedClock, createActor, createMachine, fromPromise, setup } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { CoverLetter, CoverLetterPreviewRequest } from '../../../src/api/cover-letters';
import { EMPTY_LETTER_FIELDS } from '../../../src/api/cover-letters';
import { PREVIEW_DEBOUNCE_MS } from '../../../src/config/constants';
import { t } from '../../../src/i18n/i18n';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import {
  letterDeliveryMachine,
  letterFileName,
  type LetterDownload,
  type LetterRef,
} from '../../../src/machines/cover-letters/letter-delivery-machine';
import {
  LETTER_PREVIEW_FAILED_MESSAGE,
  letterPreviewMachine,
  type LetterPreviewMode,
  type LetterPreviewResult,
} from '../../../src/machines/cover-letters/letter-preview-machine';
import { letterListMachine } from '../../../src/machines/cover-letters/letter-list-machine';
import { declaredTransitionCount, deferredActor, flush, runModelPath, transitionPaths } from '../model-paths';

const LETTER: CoverLetterPreviewRequest = { ...EMPTY_LETTER_FIELDS, cv: 7, salutation: 'Dear Ms Roe,' };

describe('letter preview', () => {
  function startPreview() {
    const render = deferredActor<
      LetterPreviewResult,
      { letter: CoverLetterPreviewRequest; mode: LetterPreviewMode }
    >();
    const clock = new SimulatedClock();
    const aborted: string[] = [];
    const actor = createActor(
      letterPreviewMachine.provide({
        actors: {
          renderLetter: fromPromise(({ input, signal }) => {
            signal.addEventListener('abort', () => aborted.push(input.letter.salutation));
            return render.ask(input);
          }),
        },
      }),
      { input: { letter: LETTER }, clock },
    ).start();
    return { actor, render, clock, aborted };
  }

  it('shows the letter at once, then follows typing after the builder’s pause, each change starting it again', async () => {
    const { actor, render, clock } = startPreview();
    expect(render.requests).toHaveLength(1);
    render.last().resolve({ kind: 'html', html: '<p>Dear Ms Roe,</p>' });
    await flush();
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    actor.send({ type: 'letter.change', letter: { ...LETTER, salutation: 'Dear Jane,' } });
    clock.increment(PREVIEW_DEBOUNCE_MS - 1);
    actor.send({ type: 'letter.change', letter: { ...LETTER, salutation: 'Dear Jane Roe,' } });
    clock.increment(PREVIEW_DEBOUNCE_MS - 1);
    expect(render.requests).toHaveLength(1);
    clock.increment(1);
    expect(render.requests).toHaveLength(2);
    expect(render.last().input.letter.salutation).toBe('Dear Jane Roe,');
  });

  it('another CV or template is shown at once, and a newer request aborts the older one', async () => {
    const { actor, render, aborted } = startPreview();
    actor.send({ type: 'letter.restyle', letter: { ...LETTER, salutation: 'Restyled', cv: null } });
    expect(render.requests).toHaveLength(2);
    expect(aborted).toEqual(['Dear Ms Roe,']);
  });

  it('switches to PDF and says a failure in its own words, with Try again', async () => {
    const { actor, render } = startPreview();
    actor.send({ type: 'mode.switch', mode: 'pdf' });
    expect(render.last().input.mode).toBe('pdf');
    actor.send({ type: 'mode.switch', mode: 'pdf' });
    expect(render.requests).toHaveLength(2);
    actor.send({ type: 'mode.switch', mode: 'html' });
    render.last().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(LETTER_PREVIEW_FAILED_MESSAGE);
    actor.send({ type: 'preview.retry' });
    expect(render.requests).toHaveLength(4);
  });
});

const SAVED: LetterRef = { id: 31, name: 'Letter to Acme', cv: 7 };

function startDelivery(letter: LetterRef = SAVED) {
  const download = deferredActor<Blob, { letter: LetterRef; kind: LetterDownload }>();
  const email = deferredActor<string, { letter: LetterRef; withCv: boolean }>();
  const remove = deferredActor<void, { letter: LetterRef }>();
  const notices: Notice[] = [];
  const saved: { blob: Blob }[] = [];
  const told: unknown[] = [];
  const delivery = letterDeliveryMachine.provide({
    actors: { download: download.logic, sendEmail: email.logic, deleteLetter: remove.logic },
    actions: {
      notify: (_, notice) => void notices.push(notice),
      saveFile: (_, params) => void saved.push(params),
    },
  });
  // A parent, as the editor and the list are: it hears of a deletion.
  const parent = createActor(
    setup({ actors: { delivery } }).createMachine({
      invoke: { id: 'delivery', src: 'delivery', input: { letter } },
      on: {
        '*': { actions: ({ event }) => void told.push(event) },
      },
    }),
  ).start();
  const actor = parent.getSnapshot().children.delivery!;
  return { actor, download, email, remove, notices, saved, told };
}

describe('letter delivery: model-based (download, email, delete)', () => {
  const model = createMachine({
    id: 'letterDeliveryModel',
    initial: 'idle',
    states: {
      idle: {
        on: { download: 'downloading', 'email.open': 'confirmingEmail', 'delete.open': 'confirmingDelete' },
      },
      downloading: { on: { 'download.done': 'idle', 'download.fails': 'idle' } },
      confirmingEmail: { on: { 'email.cancel': 'idle', 'email.confirm': 'emailing' } },
      emailing: { on: { 'email.done': 'idle', 'email.fails': 'idle' } },
      confirmingDelete: { on: { 'delete.cancel': 'idle', 'delete.confirm': 'deleting' } },
      deleting: { on: { 'delete.done': 'deleted', 'delete.fails': 'idle' } },
      deleted: {},
    },
  });
  const events = [
    'download',
    'download.done',
    'download.fails',
    'email.open',
    'email.cancel',
    'email.confirm',
    'email.done',
    'email.fails',
    'delete.open',
    'delete.cancel',
    'delete.confirm',
    'delete.done',
    'delete.fails',
  ].map((type) => ({ type }));
  type World = ReturnType<typeof startDelivery>;
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    download: (world) => world.actor.send({ type: 'letter.download', kind: 'combined' }),
    'download.done': async (world) => {
      expect(world.download.last().input.kind).toBe('combined');
      world.download.last().resolve(new Blob(['%PDF-']));
      await flush();
      expect(world.saved).toHaveLength(1);
      const description = world.notices.at(-1)?.description;
      expect(description).toEqual({
        id: '{name} has been downloaded with its CV as one PDF.',
        values: { name: 'Letter to Acme' },
      });
      expect(description && t(description)).toBe(
        'Letter to Acme has been downloaded with its CV as one PDF.',
      );
    },
    'download.fails': async (world) => {
      world.download
        .last()
        .reject(
          new ApiError('Cover letter not found.', { status: 404, serverMessage: 'Cover letter not found.' }),
        );
      await flush();
      expect(world.notices.at(-1)?.title).toBe('Download Error');
    },
    'email.open': (world) => world.actor.send({ type: 'email.open' }),
    'email.cancel': (world) => world.actor.send({ type: 'email.cancel' }),
    'email.confirm': (world) => {
      world.actor.send({ type: 'email.withCv', withCv: false });
      world.actor.send({ type: 'email.withCv', withCv: true });
      world.actor.send({ type: 'email.confirm' });
      expect(world.email.last().input.withCv).toBe(true);
    },
    'email.done': async (world) => {
      world.email.last().resolve('Cover letter has been sent to your email address.');
      await flush();
      expect(world.notices.at(-1)).toMatchObject({ title: 'Email Sent!' });
    },
    'email.fails': async (world) => {
      world.email.last().reject(new ApiError('Too many', { status: 429, serverMessage: 'Too many emails.' }));
      await flush();
      expect(world.notices.at(-1)?.description).toBe('Too many emails.');
    },
    'delete.open': (world) => world.actor.send({ type: 'delete.open' }),
    'delete.cancel': (world) => world.actor.send({ type: 'delete.cancel' }),
    'delete.confirm': (world) => world.actor.send({ type: 'delete.confirm' }),
    'delete.done': async (world) => {
      world.remove.last().resolve();
      await flush();
      expect(world.told).toContainEqual({ type: 'letter.deleted', id: 31 });
    },
    'delete.fails': async (world) => {
      world.remove.last().reject(new Error('offline'));
      await flush();
      expect(world.notices.at(-1)?.title).toBe('Delete failed');
    },
  };
  const paths = transitionPaths(model, events);

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const world = startDelivery();
    await runModelPath(model, path, world, executors, (w, state) =>
      expect(String(w.actor.getSnapshot().value)).toBe(state),
    );
  });

  it('covers every transition of the model', () => {
    expect(paths).toHaveLength(declaredTransitionCount(model));
  });
});

describe('letter delivery: edge cases', () => {
  it('a letter without a CV offers no download of both and never attaches a CV', () => {
    const world = startDelivery({ ...SAVED, cv: null });
    world.actor.send({ type: 'letter.download', kind: 'combined' });
    expect(world.download.requests).toHaveLength(0);
    expect(world.notices.at(-1)?.title).toBe('Download Error');
    world.actor.send({ type: 'email.open' });
    expect(world.actor.getSnapshot().context.withCv).toBe(false);
    world.actor.send({ type: 'email.withCv', withCv: true });
    world.actor.send({ type: 'email.confirm' });
    expect(world.email.last().input.withCv).toBe(false);
  });

  it('files are named after the letter', () => {
    expect(letterFileName(SAVED, 'pdf')).toBe('Letter to Acme.pdf');
    expect(letterFileName(SAVED, 'word')).toBe('Letter to Acme.docx');
    expect(letterFileName(SAVED, 'combined')).toBe('Letter to Acme with CV.pdf');
    expect(letterFileName({ ...SAVED, name: ' ' }, 'pdf')).toBe('cover letter.pdf');
  });

  it('a renamed letter downloads under its new name', () => {
    const world = startDelivery();
    world.actor.send({ type: 'letter.update', letter: { ...SAVED, name: 'Letter to Globex' } });
    expect(world.actor.getSnapshot().context.letter.name).toBe('Letter to Globex');
  });
});

describe('letter list', () => {
  it('lists the letters, each with its own actions, and drops a deleted one', async () => {
    const load = deferredActor<CoverLetter[], unknown>();
    const remove = deferredActor<void, { letter: LetterRef }>();
    const actor = createActor(
      letterListMachine.provide({
        actors: {
          loadLetters: load.logic,
          delivery: letterDeliveryMachine.provide({ actors: { deleteLetter: remove.logic } }),
        },
      }),
    ).start();
    const letter = (id: number, cv: number | null) => ({
      ...EMPTY_LETTER_FIELDS,
      id,
      uuid: `u-${id}`,
      name: `Letter ${id}`,
      cv,
      created: '2024-05-03T09:00:00.000Z',
      last_updated: '2024-05-03T09:00:00.000Z',
    });
    load.last().resolve([letter(31, 7), letter(33, null)]);
    await flush();
    expect(Object.keys(actor.getSnapshot().context.actions)).toEqual(['31', '33']);
    const first = actor.getSnapshot().context.actions[31]!;
    first.send({ type: 'delete.open' });
    first.send({ type: 'delete.confirm' });
    remove.last().resolve();
    await flush();
    expect(actor.getSnapshot().context.letters.map((item) => item.id)).toEqual([33]);
    expect(actor.getSnapshot().children['letter-31']).toBeUndefined();
  });

  it("read again, keeps the shown letters' actors, adds a restored one and stops a gone one", async () => {
    const load = deferredActor<CoverLetter[], unknown>();
    const actor = createActor(letterListMachine.provide({ actors: { loadLetters: load.logic } })).start();
    const letter = (id: number) => ({
      ...EMPTY_LETTER_FIELDS,
      id,
      uuid: `u-${id}`,
      name: `Letter ${id}`,
      cv: 7,
      created: '2024-05-03T09:00:00.000Z',
      last_updated: '2024-05-03T09:00:00.000Z',
    });
    load.last().resolve([letter(31), letter(33)]);
    await flush();
    const kept = actor.getSnapshot().context.actions[31];
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.letters).toHaveLength(2);
    load.last().resolve([letter(31), letter(35)]);
    await flush();
    const { context, children } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(context.letters.map((item) => item.id)).toEqual([31, 35]);
    expect(context.actions[31]).toBe(kept);
    expect(children['letter-35']).toBeDefined();
    expect(children['letter-33']).toBeUndefined();
    // A failed read keeps the list.
    actor.send({ type: 'list.reload' });
    load.last().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.letters.map((item) => item.id)).toEqual([31, 35]);
  });

  it('a failed load offers another try', async () => {
    const load = deferredActor<CoverLetter[], unknown>();
    const actor = createActor(letterListMachine.provide({ actors: { loadLetters: load.logic } })).start();
    load.last().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'list.reload' });
    expect(load.requests).toHaveLength(2);
  });
});
