import type { Kysely } from 'kysely';
import type { InputFieldShape } from '../../../rules/cv.js';
import type { Database } from '../db/schema.js';

export interface TagJson {
  id: number;
  name: string;
}

export interface TemplateSummaryJson {
  id: number;
  name: string;
  icon: string;
  /** The category tag's id (GET /v1/Tag/ names it). */
  category: number;
}

/** An input field as the API answers it: the shape both halves share. */
export type InputFieldJson = InputFieldShape;

export interface SectionJson {
  id: number;
  /**
   * Extension: what the section is, whatever its name (the definition's machine name: 'summary' for "About Me" and
   * "Profile" alike), so a template switch carries a section to the one of its kind.
   */
  key: string;
  name: string;
  description: string;
  created: string;
  last_updated: string;
  is_active: boolean;
  is_required: boolean;
  is_repeatable: boolean;
  order: number;
  input_fields: InputFieldJson[];
}

export interface TemplateJson extends TemplateSummaryJson {
  category_name: string;
  created: string;
  last_updated: string;
  sections: SectionJson[];
}

export async function listTags(db: Kysely<Database>): Promise<TagJson[]> {
  return db.selectFrom('tags').select(['id', 'name']).orderBy('id').execute();
}

export async function listTemplates(db: Kysely<Database>, categoryId?: number): Promise<TemplateSummaryJson[]> {
  let query = db
    .selectFrom('templates')
    .select(['id', 'name', 'icon', 'category_id as category'])
    .where('is_active', '=', 1)
    // Switched off by staff: gone from the catalogue; findTemplate still answers for the CVs that use it.
    .where('is_enabled', '=', 1);
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  return query.orderBy('sort_order').orderBy('id').execute();
}

/** Whether staff switched the template off (an unknown id is not switched off). */
export async function templateSwitchedOff(db: Kysely<Database>, id: number): Promise<boolean> {
  const template = await db.selectFrom('templates').select('is_enabled').where('id', '=', id).executeTakeFirst();
  return template?.is_enabled === 0;
}

/**
 * How long an instance answers GET /v1/CvTemplate/ from memory before asking the database again. The list is read
 * by every visitor and changes only when staff change the catalogue: the instance that makes the change forgets its
 * copy at once (forgetCatalogue), any other worker or instance shows the change within this time.
 */
export const CATALOGUE_CACHE_MS = 1_000;

const catalogues = new WeakMap<Kysely<Database>, Map<string, { until: number; json: Promise<string> }>>();

/** The catalogue list as its JSON answer, from memory for up to CATALOGUE_CACHE_MS (every core). */
export function catalogueJson(db: Kysely<Database>, categoryId?: number, now = Date.now()): Promise<string> {
  let lists = catalogues.get(db);
  if (!lists) catalogues.set(db, (lists = new Map()));
  const key = String(categoryId ?? '');
  const kept = lists.get(key);
  if (kept && kept.until > now) return kept.json;
  const json = listTemplates(db, categoryId).then((templates) => JSON.stringify(templates));
  lists.set(key, { until: now + CATALOGUE_CACHE_MS, json });
  // A failed read is not kept: the next request asks again.
  json.catch(() => lists.get(key)?.json === json && lists.delete(key));
  return json;
}

/** After a change to the catalogue (staff's panel, the seeder): this instance answers from the database again. */
export function forgetCatalogue(db: Kysely<Database>): void {
  catalogues.delete(db);
}

export async function findTemplate(db: Kysely<Database>, id: number): Promise<TemplateJson | undefined> {
  const template = await db
    .selectFrom('templates')
    .innerJoin('tags', 'tags.id', 'templates.category_id')
    .select([
      'templates.id',
      'templates.name',
      'templates.icon',
      'templates.category_id as category',
      'tags.name as category_name',
      'templates.created',
      'templates.last_updated',
    ])
    .where('templates.id', '=', id)
    .where('templates.is_active', '=', 1)
    .executeTakeFirst();
  if (!template) return undefined;
  const sections = await db
    .selectFrom('sections')
    .selectAll()
    .where('template_id', '=', id)
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const fields = sections.length
    ? await db
        .selectFrom('input_fields')
        .selectAll()
        .where(
          'section_id',
          'in',
          sections.map((s) => s.id),
        )
        .where('is_active', '=', 1)
        .orderBy('sort_order')
        .orderBy('id')
        .execute()
    : [];
  return {
    ...template,
    sections: sections.map((section) => ({
      id: section.id,
      key: section.key,
      name: section.name,
      description: section.description,
      created: section.created,
      last_updated: section.last_updated,
      is_active: section.is_active === 1,
      is_required: section.is_required === 1,
      is_repeatable: section.is_repeatable === 1,
      order: section.sort_order,
      input_fields: fields
        .filter((field) => field.section_id === section.id)
        .map((field) => ({
          id: field.id,
          name: field.name,
          widget_label: field.widget_label,
          widget_type: field.widget_type,
          description: field.description,
          is_required: field.is_required === 1,
        })),
    })),
  };
}
