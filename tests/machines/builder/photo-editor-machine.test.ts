import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { PLAIN_PHOTO } from '../../../src/api/design';
import { PHOTO_CHOOSE_MESSAGES } from '../../../src/cv/photo';
import { MAX_ZOOM, photoEditorMachine } from '../../../src/machines/builder/photo-editor-machine';

// The photo's cropper: choose (refused or read), frame and zoom, then hand the square to the builder or cancel.

const AREA = { x: 10, y: 20, width: 300, height: 300 };
const file = (type: string, size = 1000) => ({ type, size, name: 'me' }) as unknown as File;

function world(options: { read?: () => Promise<string>; crop?: () => Promise<string> } = {}) {
  const received: unknown[] = [];
  const builder = createActor(
    createMachine({
      context: { design: { photo: { ...PLAIN_PHOTO, shape: 'rounded' as const } } },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    }),
  ).start();
  const machine = photoEditorMachine.provide({
    actors: {
      readFile: fromPromise(options.read ?? (async () => 'data:image/jpeg;base64,AAAA')),
      cropImage: fromPromise(options.crop ?? (async () => 'data:image/jpeg;base64,CROPPED')),
    },
  });
  const editor = createActor(machine, { input: { builder } }).start();
  return { editor, received };
}

describe('the photo editor', () => {
  it('opens a JPEG in the cropper, frames and zooms it, and hands the square to the builder as one design change', async () => {
    const { editor, received } = world();
    editor.send({ type: 'photo.choose', file: file('image/jpeg') });
    await waitFor(editor, (s) => s.matches('cropping'));
    expect(editor.getSnapshot().context.source).toBe('data:image/jpeg;base64,AAAA');
    editor.send({ type: 'photo.zoom', zoom: 9 });
    expect(editor.getSnapshot().context.zoom).toBe(MAX_ZOOM);
    editor.send({ type: 'photo.move', crop: { x: 5, y: -3 } });
    // Nothing framed yet: 'Use photo' waits for the cropper's first frame.
    editor.send({ type: 'photo.apply' });
    expect(editor.getSnapshot().matches('cropping')).toBe(true);
    editor.send({ type: 'photo.frame', area: AREA });
    editor.send({ type: 'photo.apply' });
    await waitFor(editor, (s) => s.matches('idle'));
    // The builder's own photo settings are kept; only the image is new.
    expect(received).toEqual([
      {
        type: 'design.change',
        change: { photo: { ...PLAIN_PHOTO, shape: 'rounded', image: 'data:image/jpeg;base64,CROPPED' } },
      },
    ]);
    expect(editor.getSnapshot().context.source).toBeUndefined();
  });

  it.each([
    ['an SVG', file('image/svg+xml'), PHOTO_CHOOSE_MESSAGES.wrongType],
    ['a PDF', file('application/pdf'), PHOTO_CHOOSE_MESSAGES.wrongType],
    ['a photo over 10 MB', file('image/png', 10 * 1024 * 1024 + 1), PHOTO_CHOOSE_MESSAGES.tooLarge],
  ])('refuses %s with a sentence and stays as it was', (_name, chosen, message) => {
    const { editor, received } = world();
    editor.send({ type: 'photo.choose', file: chosen });
    expect(editor.getSnapshot().matches('idle')).toBe(true);
    expect(editor.getSnapshot().context.problem).toBe(message);
    expect(received).toEqual([]);
  });

  it('a file that cannot be read says so; a good one afterwards clears the message', async () => {
    let fail = true;
    const { editor } = world({ read: async () => (fail ? Promise.reject(new Error('x')) : 'data:image/png;base64,AA') });
    editor.send({ type: 'photo.choose', file: file('image/png') });
    await waitFor(editor, (s) => s.matches('idle') && s.context.problem !== undefined);
    expect(editor.getSnapshot().context.problem).toBe(PHOTO_CHOOSE_MESSAGES.unreadable);
    fail = false;
    editor.send({ type: 'photo.choose', file: file('image/png') });
    await waitFor(editor, (s) => s.matches('cropping'));
    expect(editor.getSnapshot().context.problem).toBeUndefined();
  });

  it('Cancel leaves the photo as it was; a crop that fails stays in the cropper with a sentence', async () => {
    const { editor, received } = world({ crop: async () => Promise.reject(new Error('canvas')) });
    editor.send({ type: 'photo.choose', file: file('image/webp') });
    await waitFor(editor, (s) => s.matches('cropping'));
    editor.send({ type: 'photo.frame', area: AREA });
    editor.send({ type: 'photo.apply' });
    await waitFor(editor, (s) => s.matches('cropping') && s.context.problem !== undefined);
    editor.send({ type: 'photo.cancel' });
    expect(editor.getSnapshot().matches('idle')).toBe(true);
    expect(received).toEqual([]);
  });
});
