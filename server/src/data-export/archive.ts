import type { ZipArchive, EntryData } from 'archiver';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { currentCvFile } from '../rendered-files/files.js';
import { listCvsForExport, listEntries, type GeneratedCvRow } from '../cvs/repository.js';
import { cvJson } from '../cvs/serialise.js';
import { listLetters } from '../cover-letters/repository.js';
import { letterJson, type CoverLetterJson } from '../cover-letters/serialise.js';
import { HttpError } from '../http/errors.js';
import { emailChangesOf, liveEmailChangeOf } from '../profile/email-changes.js';
import { sessionsForExport } from '../sessions/repository.js';
import { findTemplate, type TemplateJson } from '../templates/repository.js';
import type { User } from '../users/repository.js';
import { accountJson, type ExportedCvListing } from './account-json.js';
import { ZipNames } from './file-names.js';
import { savedCvJsonResume } from './json-resume.js';
import { listVersions, readVersionState } from '../versions/repository.js';
import { designJson, parseStoredDesign } from '../cv-input/design.js';
import { layoutJson, parseStoredLayout } from '../cv-input/layout.js';

/** The folder of the CVs, and of the deleted ones the server still keeps. */
export const CVS_FOLDER = 'cvs';
export const DELETED_CVS_FOLDER = 'cvs/deleted';

export const CV_JSON_FORMAT = 'cv-builder-cv';
export const CV_JSON_VERSION = 1;

/**
 * The CV's saved versions, oldest first, for its `.cv-builder.json`: each with its number, time, name, reason,
 * template and deliveries, and what it held (entries, layout, design), so the file alone can answer "what did I send
 * on 3 March?".
 */
export async function versionsForExport(db: Kysely<Database>, cvId: number): Promise<unknown[]> {
  const versions = (await listVersions(db, cvId)).reverse();
  const exported: unknown[] = [];
  for (const version of versions) {
    const state = await readVersionState(db, cvId, version.number);
    exported.push({
      number: version.number,
      created: version.created,
      name: version.name,
      reason: version.reason,
      template: version.template_id,
      deliveries: version.deliveries,
      ...(state && {
        entries: state.cells.map(([field, index, value]) => ({ section_field: field, index, value })),
        layout: layoutOf(state.layout),
        design: designOf(state.design),
      }),
    });
  }
  return exported;
}

/** Layout and design as the CV's own JSON and the API show them. */
function layoutOf(text: string | null) {
  const layout = parseStoredLayout(text);
  return layout ? layoutJson(layout) : null;
}

function designOf(text: string | null) {
  const design = parseStoredDesign(text);
  return design ? designJson(design) : null;
}

/** What the download holds, read before the first byte is sent: a failure here is still a proper error answer. */
export interface DataExportPlan {
  user: User;
  currentSessionId: string | null;
  exportedAt: Date;
  cvs: Array<{ row: GeneratedCvRow; base: string; template: TemplateJson | undefined }>;
  /** The person's cover letters as the API answers them (cover-letters/serialise.ts); written when there are any. */
  letters: CoverLetterJson[];
  account: ReturnType<typeof accountJson>;
}

/** The cover letters' file, beside account.json. */
export const COVER_LETTERS_FILE = 'cover-letters.json';

export async function planDataExport(
  app: FastifyInstance,
  user: User,
  currentSessionId: string | null,
  exportedAt: Date,
): Promise<DataExportPlan> {
  const names = new ZipNames();
  const templates = new Map<number, TemplateJson | undefined>();
  const cvs: DataExportPlan['cvs'] = [];
  const rows = await listCvsForExport(app.db, user.id);
  // The live CVs take the plain names; a deleted CV of the same name is the one that gets ' (2)'.
  const ordered = [...rows.filter((row) => !row.archived_at), ...rows.filter((row) => row.archived_at)];
  for (const row of ordered) {
    if (!templates.has(row.template_id))
      templates.set(row.template_id, await findTemplate(app.db, row.template_id));
    const folder = row.archived_at ? DELETED_CVS_FOLDER : CVS_FOLDER;
    cvs.push({ row, base: names.cvBase(folder, row.name), template: templates.get(row.template_id) });
  }
  const listing: ExportedCvListing[] = cvs.map(({ row, base, template }) => ({
    name: row.name,
    uuid: row.uuid,
    template: row.template_id,
    template_name: template?.name ?? null,
    created: row.created,
    last_updated: row.last_updated,
    deleted_at: row.archived_at,
    files: [`${base}.json`, `${base}.cv-builder.json`, `${base}.pdf`],
  }));
  const [sessions, emailChanges, pending, letters] = await Promise.all([
    sessionsForExport(app.db, user.id),
    emailChangesOf(app.db, user.id),
    liveEmailChangeOf(app.db, user.id),
    listLetters(app.db, user.id),
  ]);
  return {
    user,
    currentSessionId,
    exportedAt,
    cvs,
    letters: letters.map(letterJson),
    account: accountJson({
      user,
      pendingEmail: pending?.new_email ?? null,
      sessions,
      currentSessionId,
      emailChanges,
      cvs: listing,
      exportedAt,
    }),
  };
}

/** The download was abandoned (the person went away): nothing more is made for it. */
export class ExportAbandoned extends Error {}

/**
 * Adds one file and waits until the archive has taken it in: a reader that is slow holds the next file back, so the
 * server never has more than one CV's files in memory, whatever the size of the account.
 */
function addFile(
  archive: ZipArchive,
  data: Buffer | string,
  entry: { name: string; date: Date; store?: boolean },
) {
  return new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      archive.off('close', onClose);
    };
    const onEntry = (added: EntryData) => {
      if (added.name !== entry.name) return;
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new ExportAbandoned());
    };
    archive.on('entry', onEntry);
    archive.on('error', onError);
    archive.on('close', onClose);
    archive.append(data, entry);
  });
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Names each field an entry belongs to, so the file reads without the template at hand. */
function fieldNames(template: TemplateJson | undefined) {
  const fields = new Map<number, { section: string; field: string; label: string }>();
  for (const section of template?.sections ?? []) {
    for (const field of section.input_fields) {
      fields.set(field.id, { section: section.name, field: field.name, label: field.widget_label });
    }
  }
  return fields;
}

// One PDF at a time per instance, whoever's download it is for: a big account's download waits its turn instead of
// filling the renderer's pages, so previews and other downloads keep theirs.
const printing = new WeakMap<FastifyInstance, Promise<unknown>>();

function printInTurn<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T> {
  const previous = printing.get(app) ?? Promise.resolve();
  const turn = previous.then(work, work);
  printing.set(
    app,
    turn.catch(() => undefined),
  );
  return turn;
}

/** The reason as the end of a sentence: 'The PDF of "X": <reason>.' */
function describeProblem(error: unknown): string {
  const reason = error instanceof HttpError ? error.message : 'it could not be made';
  return `${reason.replace(/[.\s]+$/, '')}.`;
}

function readme(plan: DataExportPlan, problems: string[]): string {
  const date = plan.exportedAt.toISOString().slice(0, 10);
  const lines = [
    `Your data from CV Builder, downloaded on ${date}.`,
    '',
    'account.json        your profile, the sessions where you are signed in, your sign-in history and your',
    '                    email changes, and where each CV is in this folder.',
    `${CVS_FOLDER}/                for each CV, three files named after it:`,
    '  <name>.json              the CV in JSON Resume (https://jsonresume.org/schema), which other CV tools read;',
    '  <name>.cv-builder.json   all CV Builder keeps of it: its values, template, layout, design and versions;',
    '  <name>.pdf               the CV as its PDF download prints it.',
    `${DELETED_CVS_FOLDER}/        the same for the CVs you deleted that CV Builder still keeps.`,
  ];
  if (plan.letters.length > 0)
    lines.push(`${COVER_LETTERS_FILE}  your cover letters: each one's recipient, date, subject, text and linked CV.`);
  if (plan.cvs.length === 0) lines.push('', 'You have no CVs yet.');
  if (problems.length > 0)
    lines.push('', 'What could not be included:', ...problems.map((problem) => `- ${problem}`));
  return `${lines.join('\n')}\n`;
}

/**
 * Writes the whole download into `archive`, one file after the other: account.json, then each CV's JSON Resume, its
 * own JSON and its PDF, then README.txt (which names anything that could not be made, e.g. a PDF while no renderer
 * is available). Stops when `signal` says the person went away. Does not finalize the archive.
 */
export async function writeDataExport(
  app: FastifyInstance,
  plan: DataExportPlan,
  archive: ZipArchive,
  signal: AbortSignal,
): Promise<void> {
  const problems: string[] = [];
  const check = () => {
    if (signal.aborted) throw new ExportAbandoned();
  };
  await addFile(archive, json(plan.account), { name: 'account.json', date: plan.exportedAt });
  if (plan.letters.length > 0)
    await addFile(archive, json(plan.letters), { name: COVER_LETTERS_FILE, date: plan.exportedAt });
  for (const { row, base, template } of plan.cvs) {
    check();
    const date = new Date(row.last_updated);
    const entries = await listEntries(app.db, row.id);
    const saved = cvJson(row, entries, app.config.publicUrl);

    try {
      if (!template) throw new HttpError(404, 'its template is no longer available');
      const resume = await savedCvJsonResume(saved, template, plan.exportedAt);
      await addFile(archive, json(resume), { name: `${base}.json`, date });
    } catch (error) {
      if (error instanceof ExportAbandoned) throw error;
      app.log.warn({ err: error, cv: row.id }, 'data download: JSON Resume failed');
      problems.push(`The JSON Resume of "${row.name}": ${describeProblem(error)}`);
    }
    check();

    const fields = fieldNames(template);
    const own = {
      format: CV_JSON_FORMAT,
      version: CV_JSON_VERSION,
      name: row.name,
      uuid: row.uuid,
      created: row.created,
      last_updated: row.last_updated,
      deleted_at: row.archived_at,
      template: { id: row.template_id, name: template?.name ?? null },
      entries: saved.entries.map((entry) => ({
        ...(fields.get(entry.section_field) ?? {}),
        section_field: entry.section_field,
        index: entry.index,
        value: entry.value,
      })),
      layout: saved.layout,
      design: saved.design,
      versions: await versionsForExport(app.db, row.id),
    };
    await addFile(archive, json(own), { name: `${base}.cv-builder.json`, date });
    check();

    try {
      const pdf = await printInTurn(app, () => {
        check();
        return currentCvFile(app, row, 'pdf');
      });
      await addFile(archive, pdf.body, { name: `${base}.pdf`, date, store: true });
    } catch (error) {
      if (error instanceof ExportAbandoned) throw error;
      if (!(error instanceof HttpError)) throw error;
      problems.push(
        `The PDF of "${row.name}": ${describeProblem(error)} Download it from CV Management later.`,
      );
    }
  }
  check();
  await addFile(archive, readme(plan, problems), { name: 'README.txt', date: plan.exportedAt });
}
