import { createActor, createMachine, fromCallback } from 'xstate';
import {
  sectionFormMachine,
  type SectionFormActor,
  type SectionFormOwner,
  type SectionFormReport,
} from '../../../src/machines/builder/section-form-machine';
import { declaredTransitionCount, runModelPath, transitionPaths } from '../model-paths';
import { classicTemplate } from './fixtures';

const experience = classicTemplate.sections[2];
const personal = classicTemplate.sections[0];

/** Stands in for the builder: records what a section form reports. */
function recordingOwner() {
  const reports: SectionFormReport[] = [];
  const owner: SectionFormOwner = createActor(
    fromCallback<SectionFormReport>(({ receive }) => {
      receive((event) => reports.push(event));
    }),
  ).start();
  return { owner, reports };
}

function createWorld() {
  const { owner, reports } = recordingOwner();
  const actor: SectionFormActor = createActor(sectionFormMachine, {
    input: { owner, sectionIndex: 2, section: experience, values: {}, entryCount: 1 },
  }).start();
  return {
    actor,
    reports,
    lastChange: () => reports.filter((report) => report.type === 'section.changed').at(-1),
  };
}
type World = ReturnType<typeof createWorld>;

describe('section form machine: model-based', () => {
  const model = createMachine({
    id: 'sectionFormModel',
    initial: 'blank',
    states: {
      blank: { on: { 'field.type': 'filled', 'section.submit': 'emptyAlert' } },
      emptyAlert: {
        on: { 'alert.dismiss': 'blank', 'field.type': 'filled', 'section.submit': 'emptyAlert' },
      },
      filled: {
        on: { 'field.clear': 'blank', 'entry.addAndType': 'twoEntries', 'section.submit': 'submitted' },
      },
      twoEntries: { on: { 'entry.remove': 'filled', 'section.submit': 'submittedTwo' } },
      submitted: { on: { 'field.type': 'filled' } },
      submittedTwo: {},
    },
  });
  const events = [
    'field.type',
    'field.clear',
    'entry.addAndType',
    'entry.remove',
    'section.submit',
    'alert.dismiss',
  ].map((type) => ({ type }));

  const executors: Record<string, (world: World) => void> = {
    'field.type': ({ actor }) => {
      actor.send({ type: 'field.change', key: 'job_title-1009-0', value: 'Engineer' });
      actor.send({ type: 'field.change', key: 'company-1010-0', value: '' });
    },
    'field.clear': ({ actor }) => actor.send({ type: 'field.change', key: 'job_title-1009-0', value: '   ' }),
    'entry.addAndType': ({ actor }) => {
      actor.send({ type: 'entry.add' });
      actor.send({ type: 'field.change', key: 'job_title-1009-1', value: 'CTO' });
    },
    'entry.remove': ({ actor }) => actor.send({ type: 'entry.remove', index: 1 }),
    'section.submit': ({ actor }) => actor.send({ type: 'section.submit' }),
    'alert.dismiss': ({ actor }) => actor.send({ type: 'alert.dismiss' }),
  };

  function assertState(world: World, modelState: string) {
    const snapshot = world.actor.getSnapshot();
    const { values, entryCount } = snapshot.context;
    // Every change reaches the builder, so its form data never lags behind what is on screen.
    if (world.reports.length > 0)
      expect(world.lastChange()).toMatchObject({ values, entryCount, sectionIndex: 2 });
    const submittedReports = world.reports.filter((report) => report.type === 'section.submitted');
    switch (modelState) {
      case 'blank':
        expect(snapshot.value).toBe('editing');
        expect(Object.values(values).every((value) => value.trim() === '')).toBe(true);
        break;
      case 'emptyAlert':
        expect(snapshot.value).toBe('empty');
        expect(submittedReports).toHaveLength(0);
        break;
      case 'filled':
        expect(snapshot.value).toBe('editing');
        expect(values['job_title-1009-0']).toBe('Engineer');
        expect(entryCount).toBe(1);
        expect(values['job_title-1009-1']).toBeUndefined();
        break;
      case 'twoEntries':
        expect(entryCount).toBe(2);
        expect(values).toMatchObject({ 'job_title-1009-0': 'Engineer', 'job_title-1009-1': 'CTO' });
        break;
      case 'submitted':
      case 'submittedTwo':
        expect(snapshot.value).toBe('editing');
        expect(world.reports.at(-1)).toEqual({ type: 'section.submitted', sectionIndex: 2 });
        // docs/behaviour.md#validation-rules: empty strings are dropped from the submitted entries.
        expect(values).toEqual(
          modelState === 'submitted'
            ? { 'job_title-1009-0': 'Engineer' }
            : { 'job_title-1009-0': 'Engineer', 'job_title-1009-1': 'CTO' },
        );
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

describe('section form machine: details', () => {
  it('does not add entries to a section that is not repeatable', () => {
    const { owner, reports } = recordingOwner();
    const actor = createActor(sectionFormMachine, {
      input: { owner, sectionIndex: 0, section: personal, values: {}, entryCount: 1 },
    }).start();
    actor.send({ type: 'entry.add' });
    expect(actor.getSnapshot().context.entryCount).toBe(1);
    expect(reports).toHaveLength(0);
  });

  it('never removes the first entry, nor one that does not exist', () => {
    const { owner } = recordingOwner();
    const actor = createActor(sectionFormMachine, {
      input: {
        owner,
        sectionIndex: 2,
        section: experience,
        values: { 'job_title-1009-0': 'A', 'job_title-1009-1': 'B' },
        entryCount: 2,
      },
    }).start();
    actor.send({ type: 'entry.remove', index: 0 });
    actor.send({ type: 'entry.remove', index: 2 });
    expect(actor.getSnapshot().context).toMatchObject({
      entryCount: 2,
      values: { 'job_title-1009-0': 'A', 'job_title-1009-1': 'B' },
    });
  });

  it('moves later entries up when one in the middle is removed', () => {
    const { owner } = recordingOwner();
    const actor = createActor(sectionFormMachine, {
      input: {
        owner,
        sectionIndex: 2,
        section: experience,
        values: { 'job_title-1009-0': 'A', 'job_title-1009-1': 'B', 'job_title-1009-2': 'C' },
        entryCount: 3,
      },
    }).start();
    actor.send({ type: 'entry.remove', index: 1 });
    expect(actor.getSnapshot().context).toMatchObject({
      entryCount: 2,
      values: { 'job_title-1009-0': 'A', 'job_title-1009-1': 'C' },
    });
  });
});
