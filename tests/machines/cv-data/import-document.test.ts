import { createActor, fromPromise, waitFor } from 'xstate';
import type { ImportedCv } from '../../../src/cv-data/json-resume';
import type { ImportedFile } from '../../../src/api/import-file';
import {
  DOCUMENT_TOO_BIG_MESSAGE,
  IMPORT_BUSY_TAG,
  ImportProblem,
  NOT_A_DOCUMENT_MESSAGE,
  importMachine,
  readDocument,
  type ImportActor,
} from '../../../src/machines/cv-data/import-machine';
import { reviewRows, resumeOfRows } from '../../../src/cv-data/file-import';
import { templateNamed } from './support';

// A PDF or Word file: the server's reading is checked value by value before the usual summary and apply.

const minimal = templateNamed('clean-minimal');

const READ: ImportedFile = {
  resume: {
    basics: {
      name: 'Jonas Weber',
      label: 'Projektleiter',
      email: 'jonas@example.de',
      phone: '+49 30 1234567',
    },
    work: [
      {
        position: 'Projektleiter',
        name: 'Hochbau Schmidt GmbH',
        location: 'Berlin',
        startDate: '2021-04',
        highlights: ['Teams geführt', 'Budget gehalten'],
      },
    ],
    meta: {
      cvBuilder: {
        customSections: [
          {
            key: 'custom-imported-1',
            title: 'Ehrenamt',
            entries: [{ description: '<p>Trainer beim SV Pankow</p>' }],
          },
        ],
      },
    },
  },
  confidence: {
    'basics.name': 0.9,
    'basics.label': 0.8,
    'basics.email': 0.95,
    'basics.phone': 0.95,
    'work[0].position': 0.8,
    'work[0].name': 0.8,
    'work[0].location': 0.6,
    'meta.cvBuilder.customSections[0]': 0.3,
  },
};

const pdfFile = (name = 'cv.pdf', size = 100) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function startImport(read: () => Promise<ImportedFile>) {
  const applied: Array<{ imported: ImportedCv; templateId?: number }> = [];
  const actor: ImportActor = createActor(
    importMachine.provide({
      actors: { readDocument: fromPromise(read) },
      actions: { applyImport: (_, params) => void applied.push(params) },
    }),
    { input: { templateId: minimal.id, sections: minimal.sections } },
  ).start();
  return { actor, applied };
}

const settled = (actor: ImportActor) => waitFor(actor, (snapshot) => !snapshot.hasTag(IMPORT_BUSY_TAG));

describe('import machine: a PDF or Word file', () => {
  it('shows what was found with the uncertain values marked; a fixed value and a dropped one reach the CV so', async () => {
    const { actor, applied } = startImport(async () => READ);
    actor.send({ type: 'import.document', file: pdfFile() });
    expect(actor.getSnapshot().hasTag(IMPORT_BUSY_TAG)).toBe(true);
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('reviewing');
    const rows = actor.getSnapshot().context.rows!;
    expect(rows.find((row) => row.path === 'basics.email')).toMatchObject({
      value: 'jonas@example.de',
      uncertain: false,
    });
    expect(rows.find((row) => row.path === 'work[0].location')).toMatchObject({
      value: 'Berlin',
      uncertain: true,
    });
    // What could not be placed is shown too, in a section of its own.
    expect(rows.find((row) => row.group === 'Ehrenamt')).toMatchObject({
      value: 'Trainer beim SV Pankow',
      uncertain: true,
    });

    actor.send({ type: 'import.review.edit', path: 'basics.label', value: 'Projektleiter Bau' });
    actor.send({ type: 'import.review.drop', path: 'work[0].location', dropped: true });
    actor.send({ type: 'import.review.done' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('previewing');
    actor.send({ type: 'import.apply' });
    expect(applied).toHaveLength(1);
    const values = Object.values(applied[0]!.imported.formData).flatMap((section) => Object.values(section));
    expect(values).toContain('Projektleiter Bau');
    expect(values).toContain('Hochbau Schmidt GmbH');
    expect(values).not.toContain('Berlin');
    expect(applied[0]!.imported.layout.custom_sections?.map((section) => section.title)).toContain(
      'Ehrenamt',
    );
  });

  it('a file the server cannot read says why, and another file can be chosen', async () => {
    let calls = 0;
    const { actor } = startImport(async () => {
      calls += 1;
      if (calls === 1) throw new ImportProblem('This PDF holds pictures of text, not text: it was scanned.');
      return READ;
    });
    actor.send({ type: 'import.document', file: pdfFile('scan.pdf') });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatch(/^This PDF holds pictures of text, not text: /);
    actor.send({ type: 'import.document', file: pdfFile() });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('refuses, before sending anything, a file that is neither PDF nor Word, and one over 10 MB', async () => {
    await expect(readDocument(new File(['x'], 'cv.txt', { type: 'text/plain' }))).rejects.toThrow(
      NOT_A_DOCUMENT_MESSAGE,
    );
    await expect(readDocument(pdfFile('big.pdf', 10 * 1024 * 1024 + 1))).rejects.toThrow(
      DOCUMENT_TOO_BIG_MESSAGE,
    );
  });
});

describe('review rows', () => {
  it('give back the same resume when nothing is changed', () => {
    const rows = reviewRows(READ.resume, READ.confidence);
    expect(resumeOfRows(READ.resume, rows)).toEqual(READ.resume);
  });

  it('a list of points is one row, a line per point; dropping a section of one’s own removes it', () => {
    const rows = reviewRows(READ.resume, READ.confidence);
    expect(rows.find((row) => row.path === 'work[0].highlights')).toMatchObject({
      value: 'Teams geführt\nBudget gehalten',
      multiline: true,
    });
    const dropped = rows.map((row) => (row.group === 'Ehrenamt' ? { ...row, dropped: true } : row));
    expect(resumeOfRows(READ.resume, dropped).meta).toEqual({ cvBuilder: { customSections: [] } });
  });
});
