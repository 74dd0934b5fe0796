import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CvFileFormat } from '../cvs/delivery.js';
import { currentCvFile } from '../rendered-files/files.js';
import { attachmentDisposition } from '../cvs/file-name.js';
import { findCvById, listCvsForAdmin, restoreCv, type ArchivedFilter } from '../cvs/repository.js';
import { ownerOf } from '../users/repository.js';
import { msg, translate, type Message } from '../i18n/index.js';
import { notice, pageNumber, pager, PAGE_SIZE, searchText, when, type AdminKit } from './kit.js';
import { renderPage } from './views.js';

/** Saved CVs of every user: searched by owner or name, archived ones shown on request, restored, downloaded. */

const ARCHIVED: Record<ArchivedFilter, Message> = {
  no: msg('Saved only'),
  only: msg('Archived only'),
  all: msg('Saved and archived'),
};
const NO_SUCH_CV = msg('There is no CV with this id.');

type Query = Record<string, string | undefined>;

export function cvRoutes(app: FastifyInstance, kit: AdminKit): void {
  const { db } = app;

  async function cvsPage(
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
    error?: Message,
  ) {
    const q = searchText(request.query.q);
    const archived =
      (request.query.archived ?? '') in ARCHIVED ? (request.query.archived as ArchivedFilter) : 'no';
    const ownerId = /^[1-9][0-9]{0,9}$/.test(request.query.owner ?? '') ? Number(request.query.owner) : null;
    const cvId = /^[1-9][0-9]{0,9}$/.test(request.query.id ?? '') ? Number(request.query.id) : null;
    const page = pageNumber(request.query.page);
    const { total, rows } = await listCvsForAdmin(db, { q, archived, ownerId, cvId }, page, PAGE_SIZE);
    const params: Record<string, string> = {
      ...(q ? { q } : {}),
      archived,
      ...(ownerId ? { owner: String(ownerId) } : {}),
    };
    const frame = await kit.frame(request, reply, 'cvs', msg('CVs'));
    const { language } = frame;
    return kit.send(
      error ? reply.code(400) : reply,
      renderPage(
        'cvs',
        { ...frame, ...(error ? { error, notice: undefined } : {}) },
        {
          q,
          ownerId,
          archivedOptions: Object.entries(ARCHIVED).map(([value, label]) => ({
            value,
            label: translate(language, label),
            selected: value === archived,
          })),
          total,
          cvs: rows.map((row) => ({
            ...row,
            updated: when(row.last_updated, language),
            archived: row.archived_at ? when(row.archived_at, language) : undefined,
            restorable: row.archived_at !== null && row.owner_deleted_at === null,
          })),
          pages: pager(
            total,
            page,
            (n) => `/admin/cvs/?${new URLSearchParams({ ...params, page: String(n) })}`,
          ),
        },
      ),
    );
  }

  app.get<{ Querystring: Query }>('/admin/cvs/', (request, reply) => cvsPage(request, reply));

  const findCv = (raw: string | undefined) =>
    raw && /^[1-9][0-9]{0,9}$/.test(raw) ? findCvById(db, Number(raw)) : undefined;

  kit.action('/admin/cvs/:id/restore/', async (request, reply) => {
    const cv = await findCv(request.params.id);
    if (!cv) return kit.notFound(request, reply, NO_SUCH_CV, '/admin/cvs/');
    const owner = await ownerOf(db, cv.owner_id);
    if (owner.deleted_at !== null) {
      return cvsPage(request as never, reply, {
        id: msg('“{name}” belongs to a deleted account: it stays archived.'),
        values: { name: cv.name },
      });
    }
    if (cv.archived_at !== null) {
      await kit.audited(
        request,
        {
          action: 'cv.restore',
          targetType: 'cv',
          targetId: cv.id,
          targetLabel: cv.name,
          detail: `owner ${owner.email}`,
        },
        (trx) => restoreCv(trx, cv.id),
      );
    }
    return reply.redirect(`/admin/cvs/?${notice('restored')}&id=${cv.id}&archived=all`, 303);
  });

  // A POST, not a link: reading someone's CV is an action, so it carries the CSRF token and is audited.
  for (const format of ['pdf', 'word'] as CvFileFormat[]) {
    kit.action(`/admin/cvs/:id/download/${format}/`, async (request, reply) => {
      const cv = await findCv(request.params.id);
      if (!cv) return kit.notFound(request, reply, NO_SUCH_CV, '/admin/cvs/');
      const file = await currentCvFile(app, cv, format);
      await kit.audited(
        request,
        {
          action: 'cv.download',
          targetType: 'cv',
          targetId: cv.id,
          targetLabel: cv.name,
          detail: format === 'pdf' ? 'PDF' : 'Word',
        },
        async () => undefined,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(cv.name, file.extension))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    });
  }
}
