import {
  assign,
  sendTo,
  setup,
  type ActorRef,
  type ActorRefFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import type { TemplateSection } from '../../api/templates';
import {
  dropEmptyValues,
  hasAnyValue,
  moveEntryValues,
  removeEntryValues,
  type SectionValues,
} from '../../cv/form-data';
import { msg } from '../../../rules/languages';

export const EMPTY_SECTION_MESSAGE = msg('Please fill in at least one field before submitting.');

/** What a section form tells the builder that owns it. */
export type SectionFormReport =
  | { type: 'section.changed'; sectionIndex: number; values: SectionValues; entryCount: number }
  | { type: 'section.submitted'; sectionIndex: number };

/** The builder as a section form sees it: something that takes its reports. Tests pass a recording actor. */
export type SectionFormOwner = ActorRef<Snapshot<unknown>, SectionFormReport>;

export interface SectionFormInput {
  owner: SectionFormOwner;
  sectionIndex: number;
  section: TemplateSection;
  values: SectionValues;
  entryCount: number;
}

export type SectionFormContext = SectionFormInput;

export type SectionFormEvent =
  | { type: 'field.change'; key: string; value: string }
  | { type: 'entry.add' }
  | { type: 'entry.remove'; index: number }
  /** Reorders the entries of a repeatable section (the builder passes the view's drag or keyboard move on). */
  | { type: 'entry.move'; from: number; to: number }
  /** The builder's values for this section changed (undo, redo, import): shown here, not reported back. */
  | { type: 'values.restore'; values: SectionValues; entryCount: number }
  | { type: 'section.submit' }
  | { type: 'alert.dismiss' };

// docs/behaviour.md#sections, #validation-rules. One actor per section card, editing that section of the builder's
// values: it starts from them, works on its own copy so a keystroke changes one small snapshot, and reports every
// change to the builder, which owns the values (preview, save, draft, undo read the builder's copy).
export const sectionFormMachine = setup({
  types: {
    context: {} as SectionFormContext,
    events: {} as SectionFormEvent,
    input: {} as SectionFormInput,
  },
  actions: {
    assignValue: assign({
      values: ({ context }, params: { key: string; value: string }) => ({
        ...context.values,
        [params.key]: params.value,
      }),
    }),
    addEntry: assign({ entryCount: ({ context }) => context.entryCount + 1 }),
    removeEntry: assign({
      values: ({ context }, params: { index: number }) => removeEntryValues(context.values, params.index),
      entryCount: ({ context }) => context.entryCount - 1,
    }),
    dropEmptyValues: assign({ values: ({ context }) => dropEmptyValues(context.values) }),
    moveEntry: assign({
      values: ({ context }, params: { from: number; to: number }) =>
        moveEntryValues(context.values, params.from, params.to),
    }),
    restoreValues: assign((_, params: { values: SectionValues; entryCount: number }) => ({
      values: params.values,
      entryCount: params.entryCount,
    })),
    reportChange: sendTo(
      ({ context }) => context.owner,
      ({ context }) => ({
        type: 'section.changed' as const,
        sectionIndex: context.sectionIndex,
        values: context.values,
        entryCount: context.entryCount,
      }),
    ),
    reportSubmitted: sendTo(
      ({ context }) => context.owner,
      ({ context }) => ({ type: 'section.submitted' as const, sectionIndex: context.sectionIndex }),
    ),
  },
  guards: {
    hasAnyValue: ({ context }) => hasAnyValue(context.values),
    isRepeatable: ({ context }) => context.section.is_repeatable,
    // docs/behaviour.md#cv-builder: only the extra entries ('Entry N', N > 1) can be removed.
    isExtraEntry: ({ context }, params: { index: number }) =>
      params.index >= 1 && params.index < context.entryCount,
    isMove: ({ context }, params: { from: number; to: number }) =>
      context.section.is_repeatable &&
      params.from !== params.to &&
      [params.from, params.to].every((index) => index >= 0 && index < context.entryCount),
  },
}).createMachine({
  id: 'sectionForm',
  context: ({ input }) => ({ ...input }),
  initial: 'editing',
  on: {
    'field.change': {
      target: '.editing',
      actions: [
        { type: 'assignValue', params: ({ event }) => ({ key: event.key, value: event.value }) },
        'reportChange',
      ],
    },
    'entry.add': { guard: 'isRepeatable', target: '.editing', actions: ['addEntry', 'reportChange'] },
    'entry.remove': {
      guard: { type: 'isExtraEntry', params: ({ event }) => ({ index: event.index }) },
      target: '.editing',
      actions: [{ type: 'removeEntry', params: ({ event }) => ({ index: event.index }) }, 'reportChange'],
    },
    'entry.move': {
      guard: { type: 'isMove', params: ({ event }) => ({ from: event.from, to: event.to }) },
      target: '.editing',
      actions: [
        { type: 'moveEntry', params: ({ event }) => ({ from: event.from, to: event.to }) },
        'reportChange',
      ],
    },
    'values.restore': {
      target: '.editing',
      actions: {
        type: 'restoreValues',
        params: ({ event }) => ({ values: event.values, entryCount: event.entryCount }),
      },
    },
    'section.submit': [
      {
        guard: 'hasAnyValue',
        target: '.editing',
        actions: ['dropEmptyValues', 'reportChange', 'reportSubmitted'],
      },
      { target: '.empty' },
    ],
  },
  states: {
    editing: {},
    /** The 'Please fill in at least one field before submitting.' alert is showing. */
    empty: {
      on: { 'alert.dismiss': 'editing' },
    },
  },
});

export type SectionFormActor = ActorRefFrom<typeof sectionFormMachine>;
export type SectionFormSnapshot = SnapshotFrom<typeof sectionFormMachine>;
