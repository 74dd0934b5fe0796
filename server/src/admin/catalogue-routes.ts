import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../db/errors.js';
import {
  createTag,
  deleteTag,
  findTag,
  findTemplateRow,
  listCatalogueTemplates,
  listTagsByName,
  listTagsWithUse,
  placeTemplate,
  renameTag,
  setTemplateEnabled,
  setTemplateIcon,
  tagInUse,
  tagNameTaken,
} from '../templates/catalogue-repository.js';
import { renderTemplateIcon } from '../templates/icons.js';
import { forgetCatalogue } from '../templates/repository.js';
import { iconUrl } from '../templates/seed.js';
import { msg, type Message } from '../i18n/index.js';
import { notice, type AdminKit, type Form } from './kit.js';
import { renderPage, sayMarkedUp } from './views.js';

/*
 * Templates and their tags (categories). Template content stays data in server/templates/: staff switch a
 * template on or off, choose its category and its place in the catalogue; tags are created, renamed, and
 * deleted while no template uses them.
 */

const MAX_TAG_LENGTH = 100;
const MAX_ORDER = 100_000;

type Request = FastifyRequest<{ Body: Form; Params: Record<string, string> }>;

const NO_SUCH_TEMPLATE = msg('There is no template with this id.');
const NO_SUCH_TAG = msg('There is no tag with this id.');

const idOf = (raw: string | undefined) => (raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null);

export function catalogueRoutes(app: FastifyInstance, kit: AdminKit): void {
  const { db } = app;

  async function templatesPage(request: FastifyRequest, reply: FastifyReply, error?: Message) {
    const [rows, tags] = await Promise.all([listCatalogueTemplates(db), listTagsByName(db)]);
    const frame = await kit.frame(request, reply, 'templates', msg('Templates'));
    return kit.send(
      error ? reply.code(400) : reply,
      renderPage(
        'templates',
        { ...frame, ...(error ? { error, notice: undefined } : {}) },
        {
          intro: sayMarkedUp(
            frame.language,
            msg(
              'Template content is data in {folder}. An inactive template is not in the catalogue; CVs already made with it still open, render and download.',
            ),
            { folder: 'server/templates/' },
            { folder: 'code' },
          ),
          templates: rows.map((row) => ({
            ...row,
            cvs: Number(row.cvs ?? 0),
            enabled: row.is_enabled === 1,
            missing: row.is_active !== 1,
            tags: tags.map((tag) => ({ ...tag, selected: tag.id === row.category_id })),
          })),
        },
      ),
    );
  }

  app.get('/admin/templates/', (request, reply) => templatesPage(request, reply));

  async function targetTemplate(request: Request) {
    const id = idOf(request.params.id);
    return id === null ? undefined : findTemplateRow(db, id);
  }

  for (const [path, enabled] of [
    ['enable', 1],
    ['disable', 0],
  ] as const) {
    kit.action(`/admin/templates/:id/${path}/`, async (request, reply) => {
      const template = await targetTemplate(request);
      if (!template) return kit.notFound(request, reply, NO_SUCH_TEMPLATE, '/admin/templates/');
      if (template.is_enabled !== enabled) {
        await kit.audited(
          request,
          {
            action: `template.${path}`,
            targetType: 'template',
            targetId: template.id,
            targetLabel: template.name,
          },
          (trx) => setTemplateEnabled(trx, template.id, enabled),
        );
        forgetCatalogue(db);
      }
      return reply.redirect(
        `/admin/templates/?${notice(enabled ? 'enabled' : 'disabled')}#template-${template.id}`,
        303,
      );
    });
  }

  kit.action('/admin/templates/:id/', async (request, reply) => {
    const template = await targetTemplate(request);
    if (!template) return kit.notFound(request, reply, NO_SUCH_TEMPLATE, '/admin/templates/');
    const categoryId = idOf(request.body.category);
    const order = /^-?[0-9]{1,6}$/.test((request.body.order ?? '').trim())
      ? Number(request.body.order.trim())
      : null;
    if (order === null || Math.abs(order) > MAX_ORDER) {
      return templatesPage(request, reply, {
        id: msg('{template}: the display order must be a whole number from -{max} to {max}.'),
        values: { template: template.name, max: MAX_ORDER },
      });
    }
    const tag = categoryId === null ? undefined : await findTag(db, categoryId);
    if (!tag) {
      return templatesPage(request, reply, {
        id: msg('{template}: choose one of the tags as its category.'),
        values: { template: template.name },
      });
    }
    if (tag.id !== template.category_id || order !== template.sort_order) {
      const changes = [
        tag.id !== template.category_id ? `category → ${tag.name}` : '',
        order !== template.sort_order ? `order ${template.sort_order} → ${order}` : '',
      ].filter(Boolean);
      await kit.audited(
        request,
        {
          action: 'template.update',
          targetType: 'template',
          targetId: template.id,
          targetLabel: template.name,
          detail: changes.join('; '),
        },
        (trx) => placeTemplate(trx, template, tag.id, order),
      );
      forgetCatalogue(db);
    }
    return reply.redirect(`/admin/templates/?${notice('template')}#template-${template.id}`, 303);
  });

  // The icon is the template's sample CV as it prints, written into its folder (as npm run templates:icons does).
  kit.action('/admin/templates/:id/icon/', async (request, reply) => {
    const row = await targetTemplate(request);
    if (!row) return kit.notFound(request, reply, NO_SUCH_TEMPLATE, '/admin/templates/');
    const values = { template: row.name };
    const template = app.cvTemplates.byId(row.id);
    if (!template) {
      return templatesPage(request, reply, {
        id: msg('{template}: its folder is gone, so there is nothing to render.'),
        values,
      });
    }
    if (!app.pdf.available) {
      return templatesPage(request, reply, {
        id: msg('{template}: the PDF renderer (Chromium) is not available on this server.'),
        values,
      });
    }
    try {
      await renderTemplateIcon(app.pdf, template);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      request.log.warn({ err: error }, 'admin: icon render failed');
      return templatesPage(
        request,
        reply,
        code === 'ENOENT'
          ? {
              id: msg(
                '{template}: the icon could not be rendered: pdftoppm (poppler-utils) is not installed on this server.',
              ),
              values,
            }
          : code === 'EACCES' || code === 'EROFS' || code === 'EPERM'
            ? {
                id: msg(
                  '{template}: the icon could not be rendered: the template folder is read-only on this server.',
                ),
                values,
              }
            : {
                // What the renderer said, as it said it.
                id: msg('{template}: the icon could not be rendered: {reason}.'),
                values: { ...values, reason: (error as Error).message },
              },
      );
    }
    await kit.audited(
      request,
      { action: 'template.icon', targetType: 'template', targetId: row.id, targetLabel: row.name },
      (trx) => setTemplateIcon(trx, row.id, iconUrl(template)),
    );
    forgetCatalogue(db);
    return reply.redirect(`/admin/templates/?${notice('icon')}#template-${row.id}`, 303);
  });

  // ── tags ────────────────────────────────────────────────────────────────

  async function tagsPage(
    request: FastifyRequest,
    reply: FastifyReply,
    error?: { message: Message; name?: string },
  ) {
    const rows = await listTagsWithUse(db);
    const frame = await kit.frame(request, reply, 'tags', msg('Tags'));
    return kit.send(
      error ? reply.code(400) : reply,
      renderPage(
        'tags',
        { ...frame, ...(error ? { error: error.message, notice: undefined } : {}) },
        {
          tags: rows.map((row) => ({
            ...row,
            templates: Number(row.templates ?? 0),
            inUse: Number(row.templates ?? 0) > 0,
          })),
          newName: error?.name ?? '',
          max: MAX_TAG_LENGTH,
        },
      ),
    );
  }

  app.get('/admin/tags/', (request, reply) => tagsPage(request, reply));

  /** The name a form gives, tidied; or what is wrong with it: `renamed` names the tag being renamed. */
  function tagName(raw: string | undefined, renamed?: string): string | { message: Message } {
    const name = (raw ?? '').trim().replace(/\s+/g, ' ');
    if (!name) {
      return {
        message:
          renamed === undefined
            ? msg('A tag needs a name.')
            : { id: msg('{tag}: A tag needs a name.'), values: { tag: renamed } },
      };
    }
    if (name.length > MAX_TAG_LENGTH) {
      return {
        message:
          renamed === undefined
            ? { id: msg('A tag name is at most {max} characters.'), values: { max: MAX_TAG_LENGTH } }
            : {
                id: msg('{tag}: A tag name is at most {max} characters.'),
                values: { tag: renamed, max: MAX_TAG_LENGTH },
              },
      };
    }
    return name;
  }

  const taken = (name: string): Message => ({
    id: msg('A tag named “{name}” exists already.'),
    values: { name },
  });

  kit.action('/admin/tags/', async (request, reply) => {
    const name = tagName(request.body.name);
    if (typeof name !== 'string') return tagsPage(request, reply, { ...name, name: request.body.name ?? '' });
    if (await tagNameTaken(db, name)) return tagsPage(request, reply, { message: taken(name), name });
    try {
      await kit.audited(
        request,
        { action: 'tag.create', targetType: 'tag', targetId: null, targetLabel: name },
        (trx) => createTag(trx, name),
      );
    } catch (error) {
      if (isUniqueViolation(error)) return tagsPage(request, reply, { message: taken(name), name });
      throw error;
    }
    return reply.redirect(`/admin/tags/?${notice('tag-created')}`, 303);
  });

  async function targetTag(request: Request) {
    const id = idOf(request.params.id);
    return id === null ? undefined : findTag(db, id);
  }

  kit.action('/admin/tags/:id/rename/', async (request, reply) => {
    const tag = await targetTag(request);
    if (!tag) return kit.notFound(request, reply, NO_SUCH_TAG, '/admin/tags/');
    const name = tagName(request.body.name, tag.name);
    if (typeof name !== 'string') return tagsPage(request, reply, name);
    if (await tagNameTaken(db, name, tag.id)) return tagsPage(request, reply, { message: taken(name) });
    if (name !== tag.name) {
      await kit.audited(
        request,
        {
          action: 'tag.rename',
          targetType: 'tag',
          targetId: tag.id,
          targetLabel: name,
          detail: `${tag.name} → ${name}`,
        },
        (trx) => renameTag(trx, tag.id, name),
      );
    }
    return reply.redirect(`/admin/tags/?${notice('tag-renamed')}`, 303);
  });

  kit.action('/admin/tags/:id/delete/', async (request, reply) => {
    const tag = await targetTag(request);
    if (!tag) return kit.notFound(request, reply, NO_SUCH_TAG, '/admin/tags/');
    if (await tagInUse(db, tag.id)) {
      return tagsPage(request, reply, {
        message: {
          id: msg('“{tag}” is the category of a template: give those templates another category first.'),
          values: { tag: tag.name },
        },
      });
    }
    await kit.audited(
      request,
      { action: 'tag.delete', targetType: 'tag', targetId: tag.id, targetLabel: tag.name },
      (trx) => deleteTag(trx, tag.id),
    );
    return reply.redirect(`/admin/tags/?${notice('tag-deleted')}`, 303);
  });
}
