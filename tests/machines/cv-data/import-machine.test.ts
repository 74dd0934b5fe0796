import { assign, createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { TemplateSection } from '../../../src/api/templates';
import { describeImport, type ImportedCv } from '../../../src/cv-data/json-resume';
import { t } from '../../../src/i18n/i18n';
import {
  IMPORT_BUSY_TAG,
  MAX_IMPORT_BYTES,
  NOT_JSON_MESSAGE,
  TEMPLATE_FAILED_MESSAGE,
  TOO_BIG_MESSAGE,
  importMachine,
  type ImportActor,
  type ImportInput,
} from '../../../src/machines/cv-data/import-machine';
import { declaredTransitionCount, runModelPath, transitionPaths } from '../model-paths';
import { templateNamed } from './support';

const minimal = templateNamed('clean-minimal');
const technical = templateNamed('technical-engineer');

const RESUME = {
  basics: { name: 'Ада Лавлейс', label: 'Analyst' },
  work: [
    {
      name: 'Analytical Engines Ltd',
      position: 'Engineer',
      startDate: '1842-09',
      highlights: ['Wrote the first program'],
    },
  ],
};
const INVALID = { work: [{}, {}, { startDate: 'March 2020' }] };

const jsonFile = (content: string, name = 'resume.json') =>
  new File([content], name, { type: 'application/json' });

function startImport(input: ImportInput, sections: Record<number, TemplateSection[]> = {}) {
  const applied: Array<{ imported: ImportedCv; templateId?: number }> = [];
  const loads: number[] = [];
  const actor: ImportActor = createActor(
    importMachine.provide({
      actors: {
        loadSections: fromPromise(async ({ input: { templateId } }: { input: { templateId: number } }) => {
          loads.push(templateId);
          const found = sections[templateId];
          if (!found) throw new Error('404');
          return found;
        }),
      },
      actions: { applyImport: (_, params) => void applied.push(params) },
    }),
    { input },
  ).start();
  return { actor, applied, loads };
}

const settled = (actor: ImportActor) => waitFor(actor, (snapshot) => !snapshot.hasTag(IMPORT_BUSY_TAG));

interface World {
  actor?: ImportActor;
  applied: Array<{ imported: ImportedCv; templateId?: number }>;
  expectedError?: string;
}

describe('import machine: model-based', () => {
  const model = createMachine({
    types: {} as { context: { overDraft: boolean } },
    id: 'importModel',
    context: { overDraft: false },
    initial: 'closed',
    states: {
      closed: {
        on: {
          'open.blank': 'choosing',
          'open.overDraft': { target: 'choosing', actions: assign({ overDraft: true }) },
        },
      },
      choosing: {
        on: {
          'file.valid': 'previewing',
          'paste.valid': 'previewing',
          'file.invalid': 'failed',
          'file.tooBig': 'failed',
          'file.notJson': 'failed',
          cancel: 'cancelled',
        },
      },
      failed: { on: { 'file.valid': 'previewing', 'paste.valid': 'previewing', cancel: 'cancelled' } },
      previewing: {
        on: {
          apply: [{ guard: ({ context }) => context.overDraft, target: 'confirming' }, { target: 'applied' }],
          cancel: 'cancelled',
        },
      },
      confirming: { on: { confirm: 'applied', back: 'previewing', cancel: 'cancelled' } },
      applied: { type: 'final' },
      cancelled: { type: 'final' },
    },
  });
  const events = [
    'open.blank',
    'open.overDraft',
    'file.valid',
    'paste.valid',
    'file.invalid',
    'file.tooBig',
    'file.notJson',
    'apply',
    'confirm',
    'back',
    'cancel',
  ].map((type) => ({ type }));

  const send = async (world: World, event: Parameters<ImportActor['send']>[0], expectedError?: string) => {
    world.expectedError = expectedError;
    world.actor!.send(event);
    await settled(world.actor!);
  };
  const open = (replacesWork: boolean) => (world: World) => {
    const started = startImport({ templateId: minimal.id, sections: minimal.sections, replacesWork });
    world.actor = started.actor;
    world.applied = started.applied;
  };
  const executors: Record<string, (world: World) => Promise<void> | void> = {
    'open.blank': open(false),
    'open.overDraft': open(true),
    'file.valid': (world) => send(world, { type: 'import.file', file: jsonFile(JSON.stringify(RESUME)) }),
    'paste.valid': (world) => send(world, { type: 'import.paste', text: JSON.stringify(RESUME, null, 2) }),
    'file.invalid': (world) =>
      send(
        world,
        { type: 'import.file', file: jsonFile(JSON.stringify(INVALID)) },
        'work[2].startDate must be a date like 2020-01 or 2020-01-31',
      ),
    'file.tooBig': (world) =>
      send(world, { type: 'import.file', file: jsonFile(' '.repeat(MAX_IMPORT_BYTES + 1)) }, TOO_BIG_MESSAGE),
    'file.notJson': (world) =>
      send(
        world,
        { type: 'import.file', file: jsonFile('name: Ada\nwork: []', 'resume.yaml') },
        NOT_JSON_MESSAGE,
      ),
    apply: (world) => send(world, { type: 'import.apply' }),
    confirm: (world) => send(world, { type: 'import.confirm' }),
    back: (world) => send(world, { type: 'import.back' }),
    cancel: (world) => send(world, { type: 'import.cancel' }),
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor?.getSnapshot();
    switch (modelState) {
      case 'closed':
        expect(snapshot).toBeUndefined();
        break;
      case 'failed':
        expect(snapshot!.value).toBe('failed');
        // The problem is a message: in English here.
        expect(t(snapshot!.context.error!)).toBe(world.expectedError);
        break;
      case 'previewing':
        expect(snapshot!.value).toBe('previewing');
        expect(describeImport(snapshot!.context.summary!, t)).toBe('2 entries in 2 sections');
        expect(snapshot!.context.error).toBeUndefined();
        break;
      case 'applied':
        expect(snapshot!.status).toBe('done');
        expect(world.applied).toHaveLength(1);
        expect(world.applied[0]!.templateId).toBe(minimal.id);
        expect(world.applied[0]!.imported.formData['Personal Details']).toEqual({
          'full_name-8001-0': 'Ада Лавлейс',
          'job_title-8002-0': 'Analyst',
        });
        break;
      case 'cancelled':
        expect(snapshot!.status).toBe('done');
        expect(world.applied).toHaveLength(0);
        break;
      default:
        expect(snapshot!.value).toBe(modelState);
        expect(world.applied).toHaveLength(0);
    }
  }

  const paths = transitionPaths(model, events);
  it('covers every transition of the model', () => {
    expect(paths.length).toBeGreaterThanOrEqual(declaredTransitionCount(model));
  });
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    await runModelPath(model, path, { applied: [] } as World, executors, assertState);
  });
});

describe('import machine: edge cases', () => {
  it('blank pasted text is not read at all', () => {
    const { actor } = startImport({ templateId: minimal.id, sections: minimal.sections });
    actor.send({ type: 'import.paste', text: '   \n ' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('pasted text over 1 MB gets the size message; a byte-order mark is no problem', async () => {
    const { actor } = startImport({ templateId: minimal.id, sections: minimal.sections });
    actor.send({
      type: 'import.paste',
      text: JSON.stringify({ basics: { summary: 'ж'.repeat(MAX_IMPORT_BYTES / 2) } }),
    });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBe(TOO_BIG_MESSAGE);
    actor.send({ type: 'import.paste', text: `\uFEFF${JSON.stringify(RESUME)}` });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('previewing');
  });

  it('JSON that is not a resume names its first problem', async () => {
    const { actor } = startImport({ templateId: minimal.id, sections: minimal.sections });
    actor.send({ type: 'import.paste', text: '[1, 2, 3]' });
    await settled(actor);
    expect(t(actor.getSnapshot().context.error!)).toBe('The resume must be an object');
  });

  it('from the templates screen: the chosen template is loaded, and another choice maps the same file again', async () => {
    const { actor, applied, loads } = startImport(
      { templates: [{ id: minimal.id, name: 'Clean Minimal', icon: null, category: null }] },
      { [minimal.id]: minimal.sections, [technical.id]: technical.sections },
    );
    expect(actor.getSnapshot().context.templateId).toBe(minimal.id);
    actor.send({ type: 'import.file', file: jsonFile(JSON.stringify(RESUME)) });
    await settled(actor);
    expect(actor.getSnapshot().context.imported!.formData.Experience).toBeDefined();
    actor.send({ type: 'import.template', templateId: technical.id });
    await settled(actor);
    expect(loads).toEqual([minimal.id, technical.id]);
    expect(actor.getSnapshot().context.imported!.formData['Work Experience']).toMatchObject({
      'company-7012-0': 'Analytical Engines Ltd',
      'start_date-7014-0': '1842-09',
      'currently_working-7016-0': 'true',
    });
    actor.send({ type: 'import.apply' });
    expect(applied.map((entry) => entry.templateId)).toEqual([technical.id]);
  });

  it('a template that cannot be loaded says so, and nothing is applied', async () => {
    const { actor, applied } = startImport({ templateId: 404 });
    actor.send({ type: 'import.file', file: jsonFile(JSON.stringify(RESUME)) });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBe(TEMPLATE_FAILED_MESSAGE);
    expect(applied).toEqual([]);
  });
});
