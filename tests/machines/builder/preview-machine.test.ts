import { PLAIN_DESIGN } from '../../../src/cv/design';
import { SimulatedClock, createActor, createMachine } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import { PREVIEW_DEBOUNCE_MS } from '../../../src/config/constants';
import type { Notice } from '../../../src/machines/auth/auth-flow';
import type { CvFormData } from '../../../src/cv/form-data';
import {
  ATS_PREVIEW_FAILED_MESSAGE,
  PDF_PREVIEW_FAILED_MESSAGE,
  PREVIEW_FAILED_MESSAGE,
  previewFailureMessage,
  previewMachine,
  type PreviewActor,
  type PreviewMode,
  type PreviewResult,
  type RenderPreviewInput,
} from '../../../src/machines/builder/preview-machine';
import { declaredTransitionCount, flush, runModelPath, transitionPaths } from '../model-paths';
import { abortableActor, type AbortableRequest } from './support';
import { classicTemplate } from './fixtures';
import { EMPTY_LAYOUT } from '../../../src/cv/layout';
import { t } from '../../../src/i18n/i18n';

// The switch goes round the three modes: HTML, PDF, and the ATS view.
const NEXT_MODE: Record<PreviewMode, PreviewMode> = { html: 'pdf', pdf: 'ats', ats: 'html' };
const FAILED: Record<PreviewMode, { title: string; message: string }> = {
  html: { title: 'Preview Error', message: PREVIEW_FAILED_MESSAGE },
  pdf: { title: 'PDF Preview Error', message: PDF_PREVIEW_FAILED_MESSAGE },
  ats: { title: 'ATS View Error', message: ATS_PREVIEW_FAILED_MESSAGE },
};
const ATS_REPORT = { text: 'Ada', checks: [{ id: 'values' as const, passed: true, problems: [] }] };

const typed = (text: string): CvFormData => ({ 'Personal Details': { 'full_name-1001-0': text } });
const blank: CvFormData = { 'Personal Details': { 'full_name-1001-0': '' } };

function createWorld() {
  const log: AbortableRequest<RenderPreviewInput, PreviewResult>[] = [];
  const withData = abortableActor<PreviewResult, RenderPreviewInput>(log);
  const templateOnly = abortableActor<PreviewResult, RenderPreviewInput>(log);
  const notify = vi.fn<(notice: Notice) => void>();
  const clock = new SimulatedClock();
  const machine = previewMachine.provide({
    actors: { renderPreview: withData.logic, renderTemplatePreview: templateOnly.logic },
    actions: { notify: (_, notice) => notify(notice) },
  });
  const world = {
    withData,
    templateOnly,
    notify,
    clock,
    // What the page has sent so far, i.e. what the next request must carry.
    formData: blank,
    templateId: 1,
    mode: 'html' as PreviewMode,
    sinceChange: 0,
    lastResult: undefined as PreviewResult | undefined,
    actor: undefined as unknown as PreviewActor,
    latest: () => log.at(-1)!,
  };
  world.actor = createActor(machine, { input: { templateId: 1, formData: blank }, clock }).start();
  return world;
}
type World = ReturnType<typeof createWorld>;

describe('preview machine: model-based (debounce 1000 ms)', () => {
  // From outside: a request is under way, the pane waits for typing to stop, or shows a result or an error.
  const model = createMachine({
    id: 'previewModel',
    initial: 'generating',
    states: {
      generating: {
        on: {
          'request.succeeds': 'shown',
          'request.fails': 'failed',
          'form.type': 'debouncing',
          'template.change': 'generating',
          'mode.switch': 'generating',
        },
      },
      debouncing: {
        on: {
          'form.type': 'debouncing',
          'form.clear': 'debouncing',
          'clock.justBeforeDebounce': 'debouncing',
          'clock.debounce': 'generating',
          'mode.switch': 'generating',
        },
      },
      shown: {
        on: { 'form.type': 'debouncing', 'mode.switch': 'generating', 'template.change': 'generating' },
      },
      failed: { on: { 'preview.retry': 'generating', 'form.type': 'debouncing' } },
    },
  });
  const events = [
    'request.succeeds',
    'request.fails',
    'form.type',
    'form.clear',
    'clock.justBeforeDebounce',
    'clock.debounce',
    'template.change',
    'mode.switch',
    'preview.retry',
  ].map((type) => ({ type }));

  let keystrokes = 0;
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'request.succeeds': async (world) => {
      const request = world.latest();
      const templateOnly = world.templateOnly.requests.includes(request);
      const result: PreviewResult =
        request.input.mode === 'pdf'
          ? { kind: 'pdf', pdf: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) }
          : request.input.mode === 'ats'
            ? templateOnly
              ? { kind: 'ats' }
              : { kind: 'ats', report: ATS_REPORT }
            : templateOnly
              ? { kind: 'template', templateName: 'Executive Classic', iconUrl: '/static/icon.png' }
              : { kind: 'html', html: `<p>${JSON.stringify(request.input.formData)}</p>` };
      request.resolve(result);
      world.lastResult = result;
      await flush();
    },
    'request.fails': async (world) => {
      world
        .latest()
        .reject(new ApiError('Template not found.', { status: 404, serverMessage: 'Template not found.' }));
      await flush();
    },
    'form.type': (world) => {
      keystrokes += 1;
      world.formData = typed(`Ada ${keystrokes}`);
      world.sinceChange = 0;
      world.actor.send({ type: 'form.change', formData: world.formData });
    },
    'form.clear': (world) => {
      world.formData = blank;
      world.sinceChange = 0;
      world.actor.send({ type: 'form.change', formData: blank });
    },
    'clock.justBeforeDebounce': (world) => {
      world.clock.increment(PREVIEW_DEBOUNCE_MS - 1 - world.sinceChange);
      world.sinceChange = PREVIEW_DEBOUNCE_MS - 1;
    },
    'clock.debounce': (world) => world.clock.increment(PREVIEW_DEBOUNCE_MS - world.sinceChange),
    'template.change': (world) => {
      world.templateId += 1;
      world.actor.send({ type: 'template.change', templateId: world.templateId, formData: world.formData });
    },
    'mode.switch': (world) => {
      world.mode = NEXT_MODE[world.mode];
      world.actor.send({ type: 'mode.switch', mode: world.mode });
    },
    'preview.retry': (world) => world.actor.send({ type: 'preview.retry' }),
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    // A newer request aborts the older one, never two in flight.
    expect(world.withData.inFlight().length + world.templateOnly.inFlight().length).toBeLessThanOrEqual(1);
    switch (modelState) {
      case 'generating': {
        expect(snapshot.matches('generating')).toBe(true);
        expect(snapshot.hasTag('loading')).toBe(true);
        const request = world.latest();
        expect(request.settled || request.signal.aborted).toBe(false);
        expect(request.input).toEqual({
          templateId: world.templateId,
          formData: world.formData,
          // The CV's own structure goes with every request (the template's when it has none).
          layout: EMPTY_LAYOUT,
          // And its design (the template's look on A4 when it has none).
          design: PLAIN_DESIGN,
          mode: world.mode,
        });
        // docs/behaviour.md#validation-rules: form data is posted only if non-empty, otherwise the
        // template-only preview.
        const empty = Object.values(world.formData).every((values) =>
          Object.values(values).every((value) => value.trim() === ''),
        );
        expect(world.templateOnly.requests.includes(request)).toBe(empty);
        break;
      }
      case 'debouncing':
        expect(snapshot.matches('debouncing')).toBe(true);
        expect(world.withData.inFlight().length + world.templateOnly.inFlight().length).toBe(0);
        break;
      case 'shown':
        expect(snapshot.value).toBe('shown');
        expect(snapshot.context.result).toEqual(world.lastResult);
        expect(snapshot.context.error).toBeUndefined();
        break;
      case 'failed':
        expect(snapshot.value).toBe('failed');
        expect(snapshot.context.error).toBe(FAILED[world.mode].message);
        expect(world.notify).toHaveBeenLastCalledWith({
          title: FAILED[world.mode].title,
          description: FAILED[world.mode].message,
          variant: 'destructive',
        });
        break;
      default:
        throw new Error(`unchecked model state ${modelState}`);
    }
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

describe('preview machine: details', () => {
  it('sends one request for ten seconds of continuous typing, 1000 ms after the last key', async () => {
    const world = createWorld();
    world.latest().resolve({ kind: 'template', templateName: 'T', iconUrl: null });
    await flush();
    const before = world.withData.requests.length;
    for (let elapsed = 0; elapsed < 10_000; elapsed += 120) {
      world.actor.send({ type: 'form.change', formData: typed(`key ${elapsed}`) });
      world.clock.increment(120);
    }
    expect(world.withData.requests.length - before).toBe(0);
    world.clock.increment(PREVIEW_DEBOUNCE_MS);
    expect(world.withData.requests.length - before).toBe(1);
    expect(world.withData.last().input.formData).toEqual(typed('key 9960'));
  });

  it('aborts a request under way when typing starts again', async () => {
    const world = createWorld();
    const first = world.latest();
    world.actor.send({ type: 'form.change', formData: typed('A') });
    expect(first.signal.aborted).toBe(true);
  });

  it('the ATS view reads the typed CV; with nothing typed it has nothing to read', async () => {
    const world = createWorld();
    world.actor.send({ type: 'mode.switch', mode: 'ats' });
    expect(world.latest().input.mode).toBe('ats');
    expect(world.templateOnly.requests.includes(world.latest())).toBe(true);
    world.latest().resolve({ kind: 'ats' });
    await flush();
    expect(world.actor.getSnapshot().context.result).toEqual({ kind: 'ats' });

    world.actor.send({ type: 'form.change', formData: typed('Ada') });
    world.clock.increment(PREVIEW_DEBOUNCE_MS);
    expect(world.withData.requests.includes(world.latest())).toBe(true);
    expect(world.latest().input).toMatchObject({ mode: 'ats', formData: typed('Ada') });
    world.latest().resolve({ kind: 'ats', report: ATS_REPORT });
    await flush();
    expect(world.actor.getSnapshot().context.result).toEqual({ kind: 'ats', report: ATS_REPORT });
  });

  it('ignores a switch to the mode already shown', () => {
    const world = createWorld();
    world.actor.send({ type: 'mode.switch', mode: 'html' });
    expect(world.templateOnly.requests).toHaveLength(1);
  });

  it.each([
    [new ApiError('Request failed with status code 500', { status: 500 }), 'html', PREVIEW_FAILED_MESSAGE],
    [new ApiError('Request failed with status code 500', { status: 500 }), 'pdf', PDF_PREVIEW_FAILED_MESSAGE],
    [
      new ApiError('PDF rendering is unavailable', {
        status: 503,
        serverMessage: 'PDF rendering is unavailable',
      }),
      'pdf',
      PDF_PREVIEW_FAILED_MESSAGE,
    ],
    [new Error('network down'), 'html', PREVIEW_FAILED_MESSAGE],
    [new ApiError('Request failed with status code 503', { status: 503 }), 'ats', ATS_PREVIEW_FAILED_MESSAGE],
    [
      new ApiError('bad', {
        status: 400,
        serverMessage: 'cv_data["Work Experience"]["job_title-1009-1"] is longer than 20000 characters',
      }),
      'html',
      {
        id: '{section}, entry {entry}: {field} is too long (at most {max, number} characters).',
        values: { section: 'Work Experience', entry: 2, field: "'Job Title'", max: 20_000 },
      },
    ],
  ] as const)("failure message for %s in %s mode, never the server's own text", (error, mode, message) => {
    expect(previewFailureMessage(error, mode, classicTemplate.sections)).toEqual(message);
  });

  it("names the field in the same English words as before", () => {
    const error = new ApiError('bad', {
      status: 400,
      serverMessage: 'cv_data["Work Experience"]["job_title-1009-1"] is longer than 20000 characters',
    });
    expect(t(previewFailureMessage(error, 'html', classicTemplate.sections))).toBe(
      "Work Experience, entry 2: 'Job Title' is too long (at most 20,000 characters).",
    );
  });
});
