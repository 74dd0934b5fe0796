import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import { renderCvFile, TEMPLATE_GONE, type CvFile, type CvFileFormat } from '../cvs/delivery.js';
import { noVersion } from '../cvs/owned.js';
import type { GeneratedCvRow } from '../cvs/repository.js';
import { latestVersion, readVersionState, type VersionSummaryRow } from '../versions/repository.js';
import { renderKey } from './key.js';
import {
  findRenderedFile,
  storeRenderedFile,
  type RenderedFileKind,
  type VersionWithFile,
} from './repository.js';

/*
 * Each version of a CV is rendered once: its PDF and Word file are stored with it (made in the background after the
 * save: ./queue.ts) and every download, email and data download serves those bytes. A file made with another
 * renderer version, template revision or font set (./key.ts) is made again when next asked for, and stored.
 */

export const KIND_OF_FORMAT: Record<CvFileFormat, RenderedFileKind> = { pdf: 'pdf', word: 'docx' };

const FILE_TYPES: Record<CvFileFormat, Omit<CvFile, 'body'>> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  word: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
};

// The same file asked for twice at once (the queue and a download, two downloads) is made once.
const making = new Map<string, Promise<CvFile>>();

/**
 * A version's file: the stored one when it was made with today's key, else rendered now from the version's content
 * and stored (a failure to store is logged; the file is still answered).
 */
export async function versionFile(
  app: FastifyInstance,
  cv: GeneratedCvRow,
  version: Pick<VersionSummaryRow, 'id' | 'number' | 'template_id'> & Pick<VersionWithFile, 'file'>,
  format: CvFileFormat,
): Promise<CvFile> {
  const template = app.cvTemplates.byId(version.template_id);
  if (!template) throw notFound(TEMPLATE_GONE);
  const kind = KIND_OF_FORMAT[format];
  const key = renderKey(template);
  // The file read with the version (versionWithFile), else looked up.
  const stored =
    'file' in version
      ? version.file?.key === key
        ? version.file.content
        : undefined
      : await findRenderedFile(app.db, version.id, kind, key);
  if (stored) return { body: stored, ...FILE_TYPES[format] };

  const id = `${app.config.databaseUrl}\0${version.id}\0${kind}\0${key}`;
  const pending = making.get(id);
  if (pending) return pending;
  const work = (async () => {
    const state = await readVersionState(app.db, cv.id, version.number);
    if (!state) throw notFound(noVersion(version.number));
    const file = await renderCvFile(app, cv, format, state);
    try {
      await storeRenderedFile(app.db, version.id, kind, key, file.body);
    } catch (error) {
      // The version was thinned away meanwhile, or the database refused: the file is still good to answer.
      app.log.warn(
        { err: error, cvId: cv.id, version: version.number, kind },
        'a rendered file was not stored',
      );
    }
    return file;
  })();
  making.set(id, work);
  try {
    return await work;
  } finally {
    making.delete(id);
  }
}

/**
 * The CV's file as it stands, without recording anything: its newest version's stored file, or (a CV saved before
 * versions were kept) a render of what it holds. The admin panel's and the data download's.
 */
export async function currentCvFile(
  app: FastifyInstance,
  cv: GeneratedCvRow,
  format: CvFileFormat,
): Promise<CvFile> {
  const version = await latestVersion(app.db, cv.id);
  return version ? versionFile(app, cv, version, format) : renderCvFile(app, cv, format);
}
