import {
  addCustomEntry,
  addCustomSection,
  canAddCustomSection,
  isHidden,
  moveCustomEntry,
  moveSection,
  newCustomKey,
  removeCustomEntry,
  removeCustomSection,
  renameCustomSection,
  renameSection,
  setHidden,
  templateRef,
  updateCustomEntry,
  type CustomEntryField,
} from '../../cv/layout';
import { AFTER_CHANGE, assignBuilder, sendFromBuilder, type BuilderContext } from './builder-context';
import type { BuilderStateConfig } from './builder-machine';

// The CV's own structure: the order of its sections, which are hidden, their headings, and sections of its own
// with their entries. Each change is an undo step and reaches the preview and the draft; opening or closing a
// section of its own only reaches the draft.

export const structureActions = {
  moveSection: assignBuilder({
    layout: ({ context }, params: { ref: string; toIndex: number }) =>
      moveSection(context.layout, context.template?.sections ?? [], params.ref, params.toIndex),
  }),
  toggleHidden: assignBuilder({
    layout: ({ context }, params: { ref: string }) =>
      setHidden(context.layout, params.ref, !isHidden(context.layout, params.ref)),
  }),
  renameSection: assignBuilder({
    layout: ({ context }, params: { ref: string; title: string }) =>
      renameSection(context.layout, params.ref, params.title),
  }),
  /** The section form reorders its entries and reports them (section.changed): that report is the undo step. */
  forwardEntryMove: sendFromBuilder(
    ({ context }, params: { sectionIndex: number; from: number; to: number }) =>
      context.sectionForms[params.sectionIndex]!,
    (_, params) => ({ type: 'entry.move', from: params.from, to: params.to }),
  ),
  addCustomSection: assignBuilder(({ context }) => {
    const key = newCustomKey(context.layout);
    return {
      layout: addCustomSection(context.layout, key),
      expandedCustom: [...context.expandedCustom, key],
    };
  }),
  toggleCustom: assignBuilder({
    expandedCustom: ({ context }, params: { key: string }) =>
      context.expandedCustom.includes(params.key)
        ? context.expandedCustom.filter((key) => key !== params.key)
        : [...context.expandedCustom, params.key],
  }),
  renameCustomSection: assignBuilder({
    layout: ({ context }, params: { key: string; title: string }) =>
      renameCustomSection(context.layout, params.key, params.title),
  }),
  askCustomRemoval: assignBuilder({ removingCustom: (_, params: { key: string }) => params.key }),
  forgetCustomRemoval: assignBuilder({ removingCustom: undefined }),
  removeCustomSection: assignBuilder(({ context }) => ({
    layout: removeCustomSection(context.layout, context.removingCustom ?? ''),
    expandedCustom: context.expandedCustom.filter((key) => key !== context.removingCustom),
    removingCustom: undefined,
  })),
  addCustomEntry: assignBuilder({
    layout: ({ context }, params: { key: string }) => addCustomEntry(context.layout, params.key),
  }),
  removeCustomEntry: assignBuilder({
    layout: ({ context }, params: { key: string; index: number }) =>
      removeCustomEntry(context.layout, params.key, params.index),
  }),
  changeCustomEntry: assignBuilder({
    layout: (
      { context },
      params: { key: string; index: number; field: CustomEntryField; value: string | boolean },
    ) => updateCustomEntry(context.layout, params.key, params.index, params.field, params.value),
  }),
  moveCustomEntry: assignBuilder({
    layout: ({ context }, params: { key: string; from: number; to: number }) =>
      moveCustomEntry(context.layout, params.key, params.from, params.to),
  }),
};

export const structureGuards = {
  /** A required section, and the pinned personal details, stay shown. */
  canHide: ({ context }: { context: BuilderContext }, params: { ref: string }) => {
    const sections = context.template?.sections ?? [];
    const index = sections.findIndex((section) => templateRef(section) === params.ref);
    if (index === 0) return false;
    if (index > 0) return !sections[index]!.is_required;
    return context.layout.custom_sections.some((section) => section.key === params.ref);
  },
  canAddCustom: ({ context }: { context: BuilderContext }) => canAddCustomSection(context.layout),
};

export const structureTransitions = {
  'layout.moveSection': {
    actions: [
      { type: 'recordStep', params: {} },
      { type: 'moveSection', params: ({ event }) => ({ ref: event.ref, toIndex: event.toIndex }) },
      ...AFTER_CHANGE,
    ],
  },
  'layout.toggleHidden': {
    guard: { type: 'canHide', params: ({ event }) => ({ ref: event.ref }) },
    actions: [
      { type: 'recordStep', params: {} },
      { type: 'toggleHidden', params: ({ event }) => ({ ref: event.ref }) },
      ...AFTER_CHANGE,
    ],
  },
  'layout.renameSection': {
    actions: [
      { type: 'recordStep', params: ({ event }) => ({ group: `title:${event.ref}` }) },
      { type: 'renameSection', params: ({ event }) => ({ ref: event.ref, title: event.title }) },
      ...AFTER_CHANGE,
    ],
  },
  'section.moveEntry': {
    actions: {
      type: 'forwardEntryMove',
      params: ({ event }) => ({ sectionIndex: event.sectionIndex, from: event.from, to: event.to }),
    },
  },
  'custom.add': {
    guard: 'canAddCustom',
    actions: [{ type: 'recordStep', params: {} }, 'addCustomSection', ...AFTER_CHANGE],
  },
  'custom.toggle': {
    actions: [{ type: 'toggleCustom', params: ({ event }) => ({ key: event.key }) }, 'markDraftChanged'],
  },
  'custom.rename': {
    actions: [
      { type: 'recordStep', params: ({ event }) => ({ group: `custom-title:${event.key}` }) },
      { type: 'renameCustomSection', params: ({ event }) => ({ key: event.key, title: event.title }) },
      ...AFTER_CHANGE,
    ],
  },
  'custom.entryAdd': {
    actions: [
      { type: 'recordStep', params: {} },
      { type: 'addCustomEntry', params: ({ event }) => ({ key: event.key }) },
      ...AFTER_CHANGE,
    ],
  },
  'custom.entryRemove': {
    actions: [
      { type: 'recordStep', params: {} },
      { type: 'removeCustomEntry', params: ({ event }) => ({ key: event.key, index: event.index }) },
      ...AFTER_CHANGE,
    ],
  },
  'custom.entryChange': {
    actions: [
      {
        type: 'recordStep',
        params: ({ event }) => ({ group: `custom:${event.key}:${event.index}:${event.field}` }),
      },
      {
        type: 'changeCustomEntry',
        params: ({ event }) => ({
          key: event.key,
          index: event.index,
          field: event.field,
          value: event.value,
        }),
      },
      ...AFTER_CHANGE,
    ],
  },
  'custom.entryMove': {
    actions: [
      { type: 'recordStep', params: {} },
      {
        type: 'moveCustomEntry',
        params: ({ event }) => ({ key: event.key, from: event.from, to: event.to }),
      },
      ...AFTER_CHANGE,
    ],
  },
} satisfies BuilderStateConfig['on'];

/** Removing a section of the CV's own asks first. */
export const removalRegion = {
  initial: 'idle',
  states: {
    idle: {
      on: {
        'custom.remove': {
          target: 'confirming',
          actions: { type: 'askCustomRemoval', params: ({ event }) => ({ key: event.key }) },
        },
      },
    },
    confirming: {
      on: {
        'custom.removeConfirm': {
          target: 'idle',
          actions: [{ type: 'recordStep', params: {} }, 'removeCustomSection', ...AFTER_CHANGE],
        },
        'custom.removeCancel': { target: 'idle', actions: 'forgetCustomRemoval' },
      },
    },
  },
} satisfies BuilderStateConfig;
