import { record, redo, undo } from '../../cv/history';
import type { SectionFormReport } from './section-form-machine';
import {
  AFTER_CHANGE,
  assignBuilder,
  enqueueBuilder,
  type BuilderContext,
  type BuilderStep,
} from './builder-context';
import type { BuilderStateConfig } from './builder-machine';

// Undo and redo, over the CV's values, structure and design alike. Every change records the step before it;
// typing in one field, renaming one heading or dragging through the colour input is one step, not one per event.

/** The state one undo step puts back. */
export function stepOf(context: BuilderContext): BuilderStep {
  return {
    formData: context.formData,
    entryCounts: context.entryCounts,
    layout: context.layout,
    design: context.design,
  };
}

/**
 * The undo group of a section's change: typing in one field (one key whose value changed) continues the step
 * of the keystroke before it; anything else (an entry added, removed or moved) is a step of its own.
 */
function fieldChangeGroup(
  context: BuilderContext,
  report: Extract<SectionFormReport, { type: 'section.changed' }>,
): string | undefined {
  const section = context.template?.sections[report.sectionIndex];
  if (!section || report.entryCount !== context.entryCounts[report.sectionIndex]) return undefined;
  const before = context.formData[section.name] ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(report.values)]);
  const changed = [...keys].filter((key) => (before[key] ?? '') !== (report.values[key] ?? ''));
  return changed.length === 1 ? `field:${report.sectionIndex}:${changed[0]}` : undefined;
}

export const historyActions = {
  recordStep: assignBuilder({
    history: ({ context }, params: { group?: string }) =>
      record(context.history, stepOf(context), params.group),
  }),
  recordFieldStep: assignBuilder({
    history: ({ context }, report: Extract<SectionFormReport, { type: 'section.changed' }>) =>
      record(context.history, stepOf(context), fieldChangeGroup(context, report)),
  }),
  undoStep: assignBuilder(({ context }) => {
    const step = undo(context.history, stepOf(context));
    return step ? { ...step.state, history: step.history } : {};
  }),
  redoStep: assignBuilder(({ context }) => {
    const step = redo(context.history, stepOf(context));
    return step ? { ...step.state, history: step.history } : {};
  }),
  /** After an undo, a redo or an import, each section form shows the builder's values for its section. */
  restoreSectionForms: enqueueBuilder(({ context, enqueue }) => {
    context.template?.sections.forEach((section, index) => {
      const form = context.sectionForms[index];
      if (!form) return;
      enqueue.sendTo(form, {
        type: 'values.restore',
        values: context.formData[section.name] ?? {},
        entryCount: context.entryCounts[index] ?? 1,
      });
    });
  }),
};

export const historyGuards = {
  canUndo: ({ context }: { context: BuilderContext }) => context.history.past.length > 0,
  canRedo: ({ context }: { context: BuilderContext }) => context.history.future.length > 0,
};

export const historyTransitions = {
  'history.undo': { guard: 'canUndo', actions: ['undoStep', 'restoreSectionForms', ...AFTER_CHANGE] },
  'history.redo': { guard: 'canRedo', actions: ['redoStep', 'restoreSectionForms', ...AFTER_CHANGE] },
} satisfies BuilderStateConfig['on'];
