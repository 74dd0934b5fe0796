import type { CvLayout } from '../../api/cvs';
import type { TemplateDetail, TemplateSection } from '../../api/templates';
import { entryCountOf, hasAnyValue, type CvFormData } from '../../cv/form-data';
import { fieldProblems, sectionsWithProblems } from '../../cv/field-rules';
import { emptyHistory } from '../../cv/history';
import { switchTemplate } from '../../cv/template-switch';
import { firstOpenSection } from '../../drafts/load-cv';
import type { SectionFormInput, SectionFormOwner, SectionFormReport } from './section-form-machine';
import {
  AFTER_CHANGE,
  BUILDER_SWITCHING_TAG,
  LOAD_FAILED_NOTICE,
  SHOW_ADDRESS,
  assignBuilder,
  enqueueBuilder,
  targetOf,
  type BuilderContext,
  type BuilderStep,
} from './builder-context';
import type { BuilderStateConfig } from './builder-machine';

// The section values, and the template that gives them their sections.
//
// One owner: the builder's `formData` holds every section's values. The preview, the draft, the save, the export
// and undo read it, and only the builder's actions change it. A section form (./section-form-machine) edits one
// section: it starts from the builder's values, works on its copy so a keystroke changes one small snapshot, and
// reports each edit (`section.changed`), which the builder records. When the builder's values change under a form
// (undo, redo, an import) it shows them in the form (`values.restore`); a new template gets new forms.

/** What each section's form starts with: its section, its values and how many entries it shows. */
export function sectionFormInputs(
  owner: SectionFormOwner,
  sections: readonly TemplateSection[],
  state: { formData: CvFormData; entryCounts: readonly number[] },
): SectionFormInput[] {
  return sections.map((section, sectionIndex) => ({
    owner,
    sectionIndex,
    section,
    values: state.formData[section.name] ?? {},
    entryCount: state.entryCounts[sectionIndex] ?? 1,
  }));
}

const withoutIndex = (indexes: readonly number[], index: number) =>
  indexes.filter((candidate) => candidate !== index);

/**
 * The sections that hold a value: what counts as completed when values arrive all at once. A section holding a value
 * its field refuses (an imported phone number that cannot exist) is not completed until it is put right.
 */
const completedOf = (sections: readonly TemplateSection[], formData: CvFormData) => {
  const refused = sectionsWithProblems(sections, formData);
  return sections.flatMap((section, index) =>
    hasAnyValue(formData[section.name]) && !refused.has(index) ? [index] : [],
  );
};

/** The first value on screen that breaks its field's rules (in one section, or anywhere). */
const firstProblem = (context: BuilderContext, sectionIndex?: number) =>
  fieldProblems(context.template?.sections ?? [], context.formData).find(
    (problem) => sectionIndex === undefined || problem.sectionIndex === sectionIndex,
  );

export const sectionActions = {
  assignSectionValues: assignBuilder(
    ({ context }, report: Extract<SectionFormReport, { type: 'section.changed' }>) => {
      const section = context.template?.sections[report.sectionIndex];
      if (!section) return {};
      const entryCounts = [...context.entryCounts];
      entryCounts[report.sectionIndex] = report.entryCount;
      return { formData: { ...context.formData, [section.name]: report.values }, entryCounts };
    },
  ),
  // docs/behaviour.md#sections: completed, collapsed, and the next one expanded.
  completeSection: assignBuilder(({ context }, params: { sectionIndex: number }) => {
    const next = params.sectionIndex + 1;
    const sectionCount = context.sectionForms.length;
    const expanded = withoutIndex(context.expandedSections, params.sectionIndex);
    return {
      completedSections: context.completedSections.includes(params.sectionIndex)
        ? context.completedSections
        : [...context.completedSections, params.sectionIndex].sort((a, b) => a - b),
      expandedSections: next < sectionCount && !expanded.includes(next) ? [...expanded, next] : expanded,
      // The next section's header, or this one's when it was the last.
      focusRequest: {
        sectionIndex: next < sectionCount ? next : params.sectionIndex,
        sequence: (context.focusRequest?.sequence ?? 0) + 1,
      },
    };
  }),
  /**
   * Save (or completing a section) with a value its field refuses: instead of a refusal from the server in a toast,
   * the section opens and the field takes the focus, its message under it.
   */
  pointAtProblem: assignBuilder(({ context }, params: { sectionIndex?: number }) => {
    const problem = firstProblem(context, params.sectionIndex);
    if (!problem) return {};
    return {
      expandedSections: context.expandedSections.includes(problem.sectionIndex)
        ? context.expandedSections
        : [...context.expandedSections, problem.sectionIndex],
      focusRequest: {
        sectionIndex: problem.sectionIndex,
        fieldKey: problem.key,
        sequence: (context.focusRequest?.sequence ?? 0) + 1,
      },
    };
  }),
  uncompleteSection: assignBuilder({
    completedSections: ({ context }, params: { sectionIndex: number }) =>
      withoutIndex(context.completedSections, params.sectionIndex),
  }),
  toggleSection: assignBuilder({
    expandedSections: ({ context }, params: { sectionIndex: number }) =>
      context.expandedSections.includes(params.sectionIndex)
        ? withoutIndex(context.expandedSections, params.sectionIndex)
        : [...context.expandedSections, params.sectionIndex],
  }),
  stopSectionForms: enqueueBuilder(({ context, enqueue }) => {
    for (const form of context.sectionForms) enqueue.stopChild(form);
  }),
  applyImport: assignBuilder(({ context }, params: { formData: CvFormData; layout: CvLayout }) => {
    const sections = context.template?.sections ?? [];
    const formData = Object.fromEntries(
      sections.map((section) => [section.name, params.formData[section.name] ?? {}]),
    );
    const completedSections = completedOf(sections, formData);
    return {
      formData,
      layout: params.layout,
      entryCounts: sections.map((section) => entryCountOf(formData[section.name])),
      completedSections,
      expandedSections: firstOpenSection(sections.length, completedSections),
      expandedCustom: [],
      stash: {},
      layoutStash: {},
      importedSinceSave: true,
    };
  }),
  assignPendingTemplate: assignBuilder({
    pendingTemplateId: (_, params: { templateId: number }) => params.templateId,
  }),
  // docs/behaviour.md#cv-builder: switching template carries every section, its values and its shape to the
  // section of the same kind; the rest wait in the stashes for a template that has a place for them. The CV stays
  // the same CV.
  switchTemplate: assignBuilder(({ context, spawn, self }, template: TemplateDetail) => {
    const from = context.template?.sections ?? [];
    const sections = template.sections;
    const switched = switchTemplate(context, from, sections);
    const { formData, stash } = switched;
    const entryCounts = sections.map((section) => entryCountOf(formData[section.name]));
    const completedSections = completedOf(sections, formData);
    return {
      template,
      cv: { ...context.cv, template: template.id },
      layout: switched.layout,
      layoutStash: switched.layoutStash,
      history: emptyHistory<BuilderStep>(),
      target: context.identity ? targetOf(context.identity, template.id) : context.target,
      formData,
      stash,
      entryCounts,
      completedSections,
      expandedSections: firstOpenSection(sections.length, completedSections),
      pendingTemplateId: undefined,
      sectionForms: sectionFormInputs(self as SectionFormOwner, sections, { formData, entryCounts }).map(
        (input) => spawn('sectionForm', { input }),
      ),
    };
  }),
};

export const sectionGuards = {
  /** A value on screen breaks its field's rules: Save points at it rather than send it to be refused. */
  hasFieldProblem: ({ context }: { context: BuilderContext }) => firstProblem(context) !== undefined,
  sectionHasProblem: ({ context }: { context: BuilderContext }, params: { sectionIndex: number }) =>
    firstProblem(context, params.sectionIndex) !== undefined,
  isOtherTemplate: ({ context }: { context: BuilderContext }, params: { templateId: number }) =>
    params.templateId !== context.cv.template,
};

export const sectionTransitions = {
  'section.changed': {
    actions: [
      { type: 'recordFieldStep', params: ({ event }) => event },
      { type: 'assignSectionValues', params: ({ event }) => event },
      ...AFTER_CHANGE,
    ],
  },
  'section.submitted': [
    {
      guard: { type: 'sectionHasProblem', params: ({ event }) => ({ sectionIndex: event.sectionIndex }) },
      actions: [
        { type: 'uncompleteSection', params: ({ event }) => ({ sectionIndex: event.sectionIndex }) },
        { type: 'pointAtProblem', params: ({ event }) => ({ sectionIndex: event.sectionIndex }) },
        'markDraftChanged',
      ],
    },
    {
      actions: [
        { type: 'completeSection', params: ({ event }) => ({ sectionIndex: event.sectionIndex }) },
        'markDraftChanged',
      ],
    },
  ],
  'section.toggle': {
    actions: [
      { type: 'toggleSection', params: ({ event }) => ({ sectionIndex: event.sectionIndex }) },
      'markDraftChanged',
    ],
  },
} satisfies BuilderStateConfig['on'];

export const importTransitions = {
  'cv.import': {
    actions: [
      { type: 'recordStep', params: {} },
      { type: 'applyImport', params: ({ event }) => ({ formData: event.formData, layout: event.layout }) },
      // A photo the file carried becomes the CV's photo as one chosen in the builder: uploaded by the next save.
      {
        type: 'changeDesign',
        params: ({ context, event }) => ({
          change: event.photo === undefined ? {} : { photo: { ...context.design.photo, image: event.photo } },
        }),
      },
      'restoreSectionForms',
      ...AFTER_CHANGE,
    ],
  },
} satisfies BuilderStateConfig['on'];

/** Another template for the same CV: its sections are loaded, then the values move over and new forms start. */
export const templateRegion = {
  initial: 'idle',
  states: {
    idle: {
      on: {
        'template.switch': {
          guard: { type: 'isOtherTemplate', params: ({ event }) => ({ templateId: event.templateId }) },
          target: 'switching',
          actions: {
            type: 'assignPendingTemplate',
            params: ({ event }) => ({ templateId: event.templateId }),
          },
        },
      },
    },
    switching: {
      tags: [BUILDER_SWITCHING_TAG],
      invoke: {
        src: 'loadTemplate',
        input: ({ context }) => ({ templateId: context.pendingTemplateId! }),
        onDone: {
          target: 'idle',
          actions: [
            'stopSectionForms',
            { type: 'switchTemplate', params: ({ event }) => event.output },
            'measureUnsaved',
            'sendTemplateToPreview',
            SHOW_ADDRESS,
            'markDraftChanged',
          ],
        },
        onError: { target: 'idle', actions: { type: 'notify', params: LOAD_FAILED_NOTICE } },
      },
    },
  },
} satisfies BuilderStateConfig;
