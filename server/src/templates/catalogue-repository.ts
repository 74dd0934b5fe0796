import { sql, type Kysely, type Selectable } from 'kysely';
import { now as timestamp } from '../db/columns.js';
import type { Database, TagTable, TemplateTable } from '../db/schema.js';

/*
 * The catalogue as staff change it (the admin's templates and tags pages): the reads those pages show and every
 * write they make. The catalogue as the API lists it is ./repository.ts; the seed writes its own rows, and a
 * change staff make is locked against the next seed: a renamed or created tag keeps its name (name_locked), a
 * template keeps the category staff chose (category_locked). Writes take `db` as the caller passes it: the admin
 * runs each in the transaction that also writes its audit entry.
 */

type Db = Kysely<Database>;

export type TemplateRow = Selectable<TemplateTable>;
export type TagRow = Selectable<TagTable>;

/** Tags made here start above the ids template.json files fix, so a later template folder does not collide. */
const FIRST_ADMIN_TAG_ID = 1001;

// ── templates ───────────────────────────────────────────────────────────

/** Every template, switched off or missing included, with its category's name and how many live CVs use it. */
export function listCatalogueTemplates(db: Db) {
  return db
    .selectFrom('templates')
    .innerJoin('tags', 'tags.id', 'templates.category_id')
    .select((eb) => [
      'templates.id',
      'templates.name',
      'templates.slug',
      'templates.icon',
      'templates.category_id',
      'tags.name as category',
      'templates.is_active',
      'templates.is_enabled',
      'templates.sort_order',
      eb
        .selectFrom('generated_cvs')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('generated_cvs.template_id', '=', 'templates.id')
        .where('generated_cvs.archived_at', 'is', null)
        .as('cvs'),
    ])
    .orderBy('templates.sort_order')
    .orderBy('templates.id')
    .execute();
}

export function findTemplateRow(db: Db, id: number): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Switches a template on (1: listed in the catalogue) or off (0). */
export async function setTemplateEnabled(db: Db, templateId: number, enabled: 0 | 1): Promise<void> {
  await db.updateTable('templates').set({ is_enabled: enabled }).where('id', '=', templateId).execute();
}

/** Gives a template its category and its place in the catalogue; a new category is locked against the seed. */
export async function placeTemplate(
  db: Db,
  template: Pick<TemplateRow, 'id' | 'category_id' | 'category_locked'>,
  categoryId: number,
  sortOrder: number,
): Promise<void> {
  await db
    .updateTable('templates')
    .set({
      category_id: categoryId,
      category_locked: categoryId !== template.category_id ? 1 : template.category_locked,
      sort_order: sortOrder,
      last_updated: timestamp(),
    })
    .where('id', '=', template.id)
    .execute();
}

export async function setTemplateIcon(db: Db, templateId: number, icon: string): Promise<void> {
  await db.updateTable('templates').set({ icon }).where('id', '=', templateId).execute();
}

// ── tags ────────────────────────────────────────────────────────────────

/** Every tag's id and name, by name (the templates page's category choices). */
export function listTagsByName(db: Db) {
  return db.selectFrom('tags').select(['id', 'name']).orderBy('name').execute();
}

/** Every tag, by name, with how many templates it is the category of. */
export function listTagsWithUse(db: Db) {
  return db
    .selectFrom('tags')
    .select((eb) => [
      'tags.id',
      'tags.name',
      eb.selectFrom('templates').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('templates.category_id', '=', 'tags.id').as('templates'),
    ])
    .orderBy('tags.name')
    .execute();
}

export function findTag(db: Db, id: number): Promise<TagRow | undefined> {
  return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a tag other than `exceptId` has this name, in any case. */
export async function tagNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('tags').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Adds a tag under the next free id (at least FIRST_ADMIN_TAG_ID). Run it in a transaction: it reads, then writes. */
export async function createTag(db: Db, name: string): Promise<void> {
  const { top } = await db.selectFrom('tags').select((eb) => eb.fn.max('id').as('top')).executeTakeFirstOrThrow();
  const id = Math.max(Number(top ?? 0) + 1, FIRST_ADMIN_TAG_ID);
  await db.insertInto('tags').values({ id, name, name_locked: 1 }).execute();
}

export async function renameTag(db: Db, tagId: number, name: string): Promise<void> {
  await db.updateTable('tags').set({ name, name_locked: 1 }).where('id', '=', tagId).execute();
}

/** Whether a template has this tag as its category (such a tag cannot be deleted). */
export async function tagInUse(db: Db, tagId: number): Promise<boolean> {
  return (await db.selectFrom('templates').select('id').where('category_id', '=', tagId).executeTakeFirst()) !== undefined;
}

export async function deleteTag(db: Db, tagId: number): Promise<void> {
  await db.deleteFrom('tags').where('id', '=', tagId).execute();
}
