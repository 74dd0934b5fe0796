import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../api/client';
import { getTemplate, type Template, type TemplateSection } from '../../api/templates';
import type { BuilderDraft } from '../../drafts/draft';
import { isDefaultLayout } from '../../cv/layout';
import { PLAIN_DESIGN, changePhoto } from '../../cv/design';
import type { ImportedCv, JsonResume } from '../../cv-data/json-resume';
import type { ImportSummary } from '../../cv-data/import-summary';
import { reviewRows, resumeOfRows, type ReviewRow } from '../../cv-data/file-import';
import { documentTypeOf, importCvFile, MAX_DOCUMENT_BYTES, type ImportedFile } from '../../api/import-file';
import { isApiError } from '../../api/api-error';
import { msg, type Message } from '../../../rules/languages';

// Import: choose a .json file or paste JSON → read → validate against the JSON Resume schema → a summary
// of what goes where → apply (after a confirmation when it would replace work on screen), or a message saying
// what is wrong. The schema, the validator and the mapping are loaded when a file is chosen, never with the page.
// Or choose a PDF or Word file → the server reads it → the person checks what was found, value by value (the
// uncertain ones marked), fixes or drops values → the same summary and apply as for JSON Resume.

/** A JSON Resume is a few kilobytes; anything over 1 MB is not one. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

// What goes wrong, in English: the dialog shows it through `t`.
export const TOO_BIG_MESSAGE = msg(
  'This file is over 1 MB, too big for a JSON Resume. Choose the resume’s .json file.',
);
export const NOT_JSON_MESSAGE = msg(
  'This is not JSON. Choose a .json file exported from JSON Resume or from this product, or paste its text.',
);
export const READ_FAILED_MESSAGE = msg('The file could not be read. Please try again.');
export const TEMPLATE_FAILED_MESSAGE = msg('The template could not be loaded. Please try again.');

export const DOCUMENT_TOO_BIG_MESSAGE = msg(
  'This file is over 10 MB: a CV is rarely more than 1 MB. Export it again without large pictures, or import the Word file.',
);
export const NOT_A_DOCUMENT_MESSAGE = msg(
  'Choose a PDF or a Word file (.docx). An older .doc file: save it as .docx first.',
);
export const DOCUMENT_UNAVAILABLE_MESSAGE = msg(
  'This server cannot read PDF or Word files. Import a JSON Resume file instead.',
);
export const DOCUMENT_FAILED_MESSAGE = msg('The file could not be read. Please try again.');

/** Why nothing was imported: a message (ours, or the server's sentence) the dialog shows through `t`. */
export class ImportProblem extends Error {
  readonly problem: Message;

  constructor(problem: Message) {
    super(typeof problem === 'string' ? problem : problem.id);
    this.problem = problem;
  }
}

export interface ImportInput {
  /** The template the CV is in (the builder), or the one the dialog starts on (the templates screen). */
  templateId?: number;
  /** The template's sections when they are known (the builder); otherwise they are loaded when needed. */
  sections?: TemplateSection[];
  /** The templates to choose from (the templates screen); none in the builder, whose template is the CV's. */
  templates?: Template[];
  /** Whether applying replaces what is on screen (a draft with values): then it asks first. */
  replacesWork?: boolean;
}

export interface ImportContext {
  templateId?: number;
  sections?: TemplateSection[];
  templates: Template[];
  replacesWork: boolean;
  /** The file's name, or undefined for pasted text. */
  source?: string;
  text?: string;
  resume?: JsonResume;
  imported?: ImportedCv;
  /** What the import places, counted: the dialog words it ('12 entries in 6 sections; …'). */
  summary?: ImportSummary;
  error?: Message;
  /** What the server read from a PDF or Word file, value by value, as the person checks it. */
  rows?: ReviewRow[];
}

export type ImportEvent =
  | { type: 'import.file'; file: File }
  | { type: 'import.document'; file: File }
  | { type: 'import.review.edit'; path: string; value: string }
  | { type: 'import.review.drop'; path: string; dropped: boolean }
  | { type: 'import.review.done' }
  | { type: 'import.paste'; text: string }
  | { type: 'import.template'; templateId: number }
  | { type: 'import.apply' }
  | { type: 'import.confirm' }
  | { type: 'import.back' }
  | { type: 'import.cancel' };

/** What a file or a pasted text says, read: the validated JSON Resume. */
export async function readResume(text: string): Promise<JsonResume> {
  if (new Blob([text]).size > MAX_IMPORT_BYTES) throw new ImportProblem(TOO_BIG_MESSAGE);
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportProblem(NOT_JSON_MESSAGE);
  }
  const { firstShapeProblem } = await import('../../cv-data/json-resume-schema');
  const problem = firstShapeProblem(document);
  if (problem !== undefined) throw new ImportProblem(problem);
  return document as JsonResume;
}

export async function readFileText(file: Blob): Promise<string> {
  if (file.size > MAX_IMPORT_BYTES) throw new ImportProblem(TOO_BIG_MESSAGE);
  try {
    return await file.text();
  } catch {
    throw new ImportProblem(READ_FAILED_MESSAGE);
  }
}

/** A PDF or Word file read by the server: the JSON Resume it found and a confidence per field. */
export async function readDocument(file: File, signal?: AbortSignal): Promise<ImportedFile> {
  const type = documentTypeOf(file);
  if (!type) throw new ImportProblem(NOT_A_DOCUMENT_MESSAGE);
  if (file.size > MAX_DOCUMENT_BYTES) throw new ImportProblem(DOCUMENT_TOO_BIG_MESSAGE);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new ImportProblem(READ_FAILED_MESSAGE);
  }
  try {
    return await importCvFile(apiClient, { type, bytes }, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new ImportProblem(DOCUMENT_UNAVAILABLE_MESSAGE);
    // The server's sentence: "This PDF holds pictures of text, not text: …", "… over 10 MB …".
    if (isApiError(error) && (error.status ?? 0) >= 400 && (error.status ?? 0) < 500)
      throw new ImportProblem(error.message);
    throw new ImportProblem(DOCUMENT_FAILED_MESSAGE);
  }
}

export const IMPORT_BUSY_TAG = 'busy';

const messageOf = (error: unknown, fallback: Message): Message =>
  error instanceof ImportProblem ? error.problem : fallback;

const importSetup = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
    tags: {} as typeof IMPORT_BUSY_TAG,
  },
  actors: {
    readFile: fromPromise<string, { file: File }>(({ input }) => readFileText(input.file)),
    validate: fromPromise<JsonResume, { text: string }>(({ input }) => readResume(input.text)),
    readDocument: fromPromise<ImportedFile, { file: File }>(({ input, signal }) =>
      readDocument(input.file, signal),
    ),
    loadSections: fromPromise<TemplateSection[], { templateId: number }>(async ({ input, signal }) => {
      const template = await getTemplate(apiClient, input.templateId, { signal });
      return template.sections;
    }),
    mapResume: fromPromise<
      ImportedCv,
      { resume: JsonResume; sections: TemplateSection[]; templateId?: number }
    >(async ({ input }) => {
      const { fromJsonResume } = await import('../../cv-data/json-resume');
      return fromJsonResume(input.resume, input.sections, input.templateId);
    }),
  },
  actions: {
    assignFile: assign({
      source: (_, params: { name: string }) => params.name,
      error: undefined,
      rows: undefined,
    }),
    assignPaste: assign({
      source: undefined,
      text: (_, params: { text: string }) => params.text,
      error: undefined,
    }),
    assignText: assign({ text: (_, params: { text: string }) => params.text }),
    assignResume: assign({ resume: (_, params: { resume: JsonResume }) => params.resume }),
    assignRead: assign({
      resume: (_, params: ImportedFile) => params.resume as JsonResume,
      rows: (_, params: ImportedFile) => reviewRows(params.resume as JsonResume, params.confidence),
      text: undefined,
    }),
    editRow: assign({
      rows: ({ context }, params: { path: string; value: string }) =>
        context.rows?.map((row) => (row.path === params.path ? { ...row, value: params.value } : row)),
    }),
    dropRow: assign({
      rows: ({ context }, params: { path: string; dropped: boolean }) =>
        context.rows?.map((row) => (row.path === params.path ? { ...row, dropped: params.dropped } : row)),
    }),
    /** The checked values become the resume the mapping places. */
    assignReviewed: assign({
      resume: ({ context }) => resumeOfRows(context.resume!, context.rows ?? []),
      imported: undefined,
      summary: undefined,
    }),
    assignSections: assign({ sections: (_, params: { sections: TemplateSection[] }) => params.sections }),
    assignTemplate: assign({
      templateId: (_, params: { templateId: number }) => params.templateId,
      sections: undefined,
      imported: undefined,
      summary: undefined,
    }),
    assignImported: assign({
      imported: (_, params: ImportedCv) => params,
      summary: (_, params: ImportedCv) => params.summary,
    }),
    assignError: assign({ error: (_, params: { message: Message }) => params.message }),
    /** The owner puts the imported CV in place (the builder's values, or a new draft from the templates screen). */
    applyImport: (_, _params: { imported: ImportedCv; templateId?: number }) => undefined,
  },
  guards: {
    hasText: (_, params: { text: string }) => params.text.trim() !== '',
    hasSections: ({ context }) => context.sections !== undefined,
    hasTemplate: ({ context }) => context.templateId !== undefined,
    replacesWork: ({ context }) => context.replacesWork,
    isOtherTemplate: ({ context }, params: { templateId: number }) =>
      params.templateId !== context.templateId,
  },
});

/**
 * Where an import starts, and starts again after a failure: a chosen file is read, pasted text is validated, and
 * another template may be picked first.
 */
const startingAnImport = importSetup.createStateConfig({
  on: {
    'import.file': {
      target: 'reading',
      actions: { type: 'assignFile', params: ({ event }) => ({ name: event.file.name }) },
    },
    'import.document': {
      target: 'uploading',
      actions: { type: 'assignFile', params: ({ event }) => ({ name: event.file.name }) },
    },
    'import.paste': {
      guard: { type: 'hasText', params: ({ event }) => ({ text: event.text }) },
      target: 'validating',
      actions: { type: 'assignPaste', params: ({ event }) => ({ text: event.text }) },
    },
    'import.template': {
      actions: { type: 'assignTemplate', params: ({ event }) => ({ templateId: event.templateId }) },
    },
  },
});

export const importMachine = importSetup.createMachine({
  id: 'import',
  context: ({ input }) => ({
    templateId: input.templateId ?? input.templates?.[0]?.id,
    sections: input.sections,
    templates: input.templates ?? [],
    replacesWork: input.replacesWork ?? false,
  }),
  initial: 'choosing',
  on: { 'import.cancel': '.cancelled' },
  states: {
    choosing: startingAnImport,
    reading: {
      tags: [IMPORT_BUSY_TAG],
      invoke: {
        src: 'readFile',
        input: ({ event }) => ({ file: (event as Extract<ImportEvent, { type: 'import.file' }>).file }),
        onDone: {
          target: 'validating',
          actions: { type: 'assignText', params: ({ event }) => ({ text: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ message: messageOf(event.error, READ_FAILED_MESSAGE) }),
          },
        },
      },
    },
    /** The server reads the PDF or Word file. */
    uploading: {
      tags: [IMPORT_BUSY_TAG],
      invoke: {
        src: 'readDocument',
        input: ({ event }) => ({ file: (event as Extract<ImportEvent, { type: 'import.document' }>).file }),
        onDone: { target: 'reviewing', actions: { type: 'assignRead', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ message: messageOf(event.error, DOCUMENT_FAILED_MESSAGE) }),
          },
        },
      },
    },
    /** What was found, value by value: the person fixes or drops values, then goes on to the summary. */
    reviewing: {
      on: {
        ...startingAnImport.on,
        'import.review.edit': {
          actions: { type: 'editRow', params: ({ event }) => ({ path: event.path, value: event.value }) },
        },
        'import.review.drop': {
          actions: { type: 'dropRow', params: ({ event }) => ({ path: event.path, dropped: event.dropped }) },
        },
        'import.review.done': { target: 'resolving', actions: 'assignReviewed' },
      },
    },
    validating: {
      tags: [IMPORT_BUSY_TAG],
      invoke: {
        src: 'validate',
        input: ({ context }) => ({ text: context.text ?? '' }),
        onDone: {
          target: 'resolving',
          actions: { type: 'assignResume', params: ({ event }) => ({ resume: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ message: messageOf(event.error, NOT_JSON_MESSAGE) }),
          },
        },
      },
    },
    /** The template's sections: known in the builder, loaded for the template chosen on the templates screen. */
    resolving: {
      always: [
        { guard: 'hasSections', target: 'mapping' },
        { guard: 'hasTemplate', target: 'loadingSections' },
        { target: 'failed', actions: { type: 'assignError', params: { message: TEMPLATE_FAILED_MESSAGE } } },
      ],
    },
    loadingSections: {
      tags: [IMPORT_BUSY_TAG],
      invoke: {
        src: 'loadSections',
        input: ({ context }) => ({ templateId: context.templateId! }),
        onDone: {
          target: 'mapping',
          actions: { type: 'assignSections', params: ({ event }) => ({ sections: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: { message: TEMPLATE_FAILED_MESSAGE } },
        },
      },
    },
    mapping: {
      tags: [IMPORT_BUSY_TAG],
      invoke: {
        src: 'mapResume',
        input: ({ context }) => ({
          resume: context.resume!,
          sections: context.sections!,
          templateId: context.templateId,
        }),
        onDone: {
          target: 'previewing',
          actions: { type: 'assignImported', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: { message: NOT_JSON_MESSAGE } },
        },
      },
    },
    /** The summary: '12 entries in 6 sections; …'. Another template (templates screen) maps the same file again. */
    previewing: {
      on: {
        'import.apply': [{ guard: 'replacesWork', target: 'confirming' }, { target: 'applied' }],
        'import.template': {
          guard: { type: 'isOtherTemplate', params: ({ event }) => ({ templateId: event.templateId }) },
          target: 'loadingSections',
          actions: { type: 'assignTemplate', params: ({ event }) => ({ templateId: event.templateId }) },
        },
        'import.file': startingAnImport.on['import.file'],
        'import.document': startingAnImport.on['import.document'],
      },
    },
    /** Applying replaces the CV's values on screen: the person says so first. */
    confirming: {
      on: {
        'import.confirm': 'applied',
        'import.back': 'previewing',
      },
    },
    failed: startingAnImport,
    applied: {
      type: 'final',
      entry: {
        type: 'applyImport',
        params: ({ context }) => ({ imported: context.imported!, templateId: context.templateId }),
      },
    },
    cancelled: { type: 'final' },
  },
});

export type ImportActor = ActorRefFrom<typeof importMachine>;
export type ImportSnapshot = SnapshotFrom<typeof importMachine>;

/**
 * An import from the templates screen becomes a new CV's draft: the builder opens it (`?draft=`) with the values
 * filled, unsaved, as if they had been typed there.
 */
export function draftOfImport(
  owner: string,
  templateId: number,
  imported: ImportedCv,
  now = Date.now(),
): BuilderDraft {
  return {
    version: 2,
    owner,
    cv: { name: '', template: templateId },
    formData: imported.formData,
    ...(isDefaultLayout(imported.layout) ? {} : { layout: imported.layout }),
    // The photo waits in the draft, as one chosen in the builder does, until the first save uploads it.
    ...(imported.photo !== undefined ? { design: changePhoto(PLAIN_DESIGN, { image: imported.photo }) } : {}),
    stash: {},
    // Worked out again from the values when the builder opens the draft (see load-cv's draftCv).
    entryCounts: [],
    completedSections: [],
    expandedSections: [],
    isSaved: false,
    isEditing: false,
    unsaved: true,
    updatedAt: now,
  };
}
