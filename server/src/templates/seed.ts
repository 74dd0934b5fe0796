import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf, flag, now } from '../db/columns.js';
import type { Database } from '../db/schema.js';
import { forgetCatalogue } from './repository.js';
import type { Seeder } from '../db/seed.js';
import type { CvTemplate } from './compile.js';
import { getTemplateRegistry } from './registry.js';

/** Where a template's icon is served; the version changes with the image so caches can keep it. */
export function iconUrl(template: Pick<CvTemplate, 'slug' | 'iconPath'>): string {
  const base = `/static/templates/${template.slug}/icon.png`;
  if (!existsSync(template.iconPath)) return base;
  const version = createHash('sha256').update(readFileSync(template.iconPath)).digest('hex').slice(0, 10);
  return `${base}?v=${version}`;
}

type Row = Record<string, unknown>;

function differs(existing: Row, wanted: Row): boolean {
  return Object.keys(wanted).some((key) => existing[key] !== wanted[key]);
}

async function upsertTags(trx: Transaction<Database>, templates: readonly CvTemplate[]): Promise<void> {
  const wanted = new Map<number, string>();
  for (const { definition, slug } of templates) {
    const known = wanted.get(definition.category.id);
    if (known !== undefined && known !== definition.category.name) {
      throw new Error(`template "${slug}": category ${definition.category.id} is named both "${known}" and "${definition.category.name}"`);
    }
    wanted.set(definition.category.id, definition.category.name);
  }
  const existing = new Map((await trx.selectFrom('tags').selectAll().execute()).map((tag) => [tag.id, tag]));
  for (const [id, name] of wanted) {
    const row = existing.get(id);
    if (!row) await trx.insertInto('tags').values({ id, name }).execute();
    // A name staff gave in the admin panel stays.
    else if (row.name !== name && !row.name_locked) await trx.updateTable('tags').set({ name }).where('id', '=', id).execute();
  }
}

async function upsertTemplates(trx: Transaction<Database>, templates: readonly CvTemplate[], at: string): Promise<void> {
  const existing = new Map((await trx.selectFrom('templates').selectAll().execute()).map((row) => [row.id, row]));
  for (const template of templates) {
    const { definition } = template;
    const wanted = {
      slug: template.slug,
      name: definition.name,
      icon: iconUrl(template),
      category_id: definition.category.id,
      is_active: 1,
    };
    const row = existing.get(definition.id);
    // A category staff chose in the admin panel stays over template.json's.
    if (row?.category_locked) wanted.category_id = row.category_id;
    if (!row) {
      await trx.insertInto('templates').values({ id: definition.id, ...wanted, sort_order: definition.id, created: at, last_updated: at }).execute();
    } else if (differs(row, wanted)) {
      await trx.updateTable('templates').set({ ...wanted, last_updated: at }).where('id', '=', definition.id).execute();
    }
  }
  // Saved CVs keep pointing at a retired template, so it is hidden rather than deleted.
  const present = new Set(templates.map((t) => t.definition.id));
  for (const row of existing.values()) {
    if (!present.has(row.id) && row.is_active) {
      await trx.updateTable('templates').set({ is_active: 0, last_updated: at }).where('id', '=', row.id).execute();
    }
  }
}

async function upsertSections(trx: Transaction<Database>, templates: readonly CvTemplate[], at: string): Promise<void> {
  const sections = new Map((await trx.selectFrom('sections').selectAll().execute()).map((row) => [row.id, row]));
  const fields = new Map((await trx.selectFrom('input_fields').selectAll().execute()).map((row) => [row.id, row]));
  const seenSections = new Set<number>();
  const seenFields = new Set<number>();
  for (const { definition } of templates) {
    for (const section of definition.sections) {
      seenSections.add(section.id);
      const wanted = {
        template_id: definition.id,
        key: section.key,
        name: section.name,
        description: section.description,
        is_active: flag(section.is_active),
        is_required: flag(section.is_required),
        is_repeatable: flag(section.is_repeatable),
        sort_order: section.order,
      };
      const row = sections.get(section.id);
      if (!row) {
        await trx.insertInto('sections').values({ id: section.id, ...wanted, created: at, last_updated: at }).execute();
      } else if (differs(row, wanted)) {
        await trx.updateTable('sections').set({ ...wanted, last_updated: at }).where('id', '=', section.id).execute();
      }
      let changedFields = false;
      for (const [position, field] of section.input_fields.entries()) {
        seenFields.add(field.id);
        const wantedField = {
          section_id: section.id,
          name: field.name,
          widget_label: field.widget_label,
          widget_type: field.widget_type,
          description: field.description,
          is_required: flag(field.is_required),
          is_active: 1,
          sort_order: position + 1,
        };
        const fieldRow = fields.get(field.id);
        if (!fieldRow) {
          await trx.insertInto('input_fields').values({ id: field.id, ...wantedField }).execute();
          changedFields = true;
        } else if (differs(fieldRow, wantedField)) {
          await trx.updateTable('input_fields').set(wantedField).where('id', '=', field.id).execute();
          changedFields = true;
        }
      }
      // A section's fields are part of it: changing them updates the section's last_updated.
      if (changedFields && row && !differs(row, wanted)) {
        await trx.updateTable('sections').set({ last_updated: at }).where('id', '=', section.id).execute();
      }
    }
  }
  // Entries saved against a removed section or field keep their foreign keys: retire, never delete.
  for (const row of sections.values()) {
    if (!seenSections.has(row.id) && row.is_active) {
      await trx.updateTable('sections').set({ is_active: 0, last_updated: at }).where('id', '=', row.id).execute();
    }
  }
  for (const row of fields.values()) {
    if (!seenFields.has(row.id) && row.is_active) {
      await trx.updateTable('input_fields').set({ is_active: 0 }).where('id', '=', row.id).execute();
    }
  }
}

/** Loads every template folder into the database: inserts what is new, updates what changed. */
export async function seedTemplates(db: Kysely<Database>, templates: readonly CvTemplate[] = getTemplateRegistry().templates): Promise<void> {
  const at = now();
  await db.transaction().execute(async (trx) => {
    // Instances started together seed at once: on PostgreSQL both read 'no tags yet' and both inserted them (a
    // duplicate key stopped one of them). One at a time, per schema; the later one finds the rows and leaves them.
    // (SQLite's transactions take the write lock as they begin, which serialises them already.)
    if (dialectOf(db) === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtextextended('cv-builder:seed:' || current_schema(), 0))`.execute(trx);
    await upsertTags(trx, templates);
    await upsertTemplates(trx, templates, at);
    await upsertSections(trx, templates, at);
  });
  forgetCatalogue(db);
}

export const templatesSeeder: Seeder = {
  name: 'templates',
  run: (db) => seedTemplates(db),
};
