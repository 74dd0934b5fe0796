import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { CvFormData } from '../cv-input/values.js';
import {
  FIELD_ROLES,
  SECTION_DISPLAYS,
  WIDGET_TYPES,
  type InputFieldDefinition,
  type SectionDefinition,
  type TemplateDefinition,
} from '../render/input.js';

/*
 * The template folders (server/templates/<slug>/: template.json, layout.hbs, style.css, sample.json) read and
 * checked into the definitions the render engine prints (render/input.ts); a mistake names its folder and field.
 */

export interface TemplateFolder {
  slug: string;
  dir: string;
  definition: TemplateDefinition;
  layoutSource: string;
  css: string;
  sample: CvFormData;
  iconPath: string;
}

export class TemplateDefinitionError extends Error {}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const MACHINE_NAME = /^[a-z][a-z0-9_]*$/;

function fail(slug: string, where: string, message: string): never {
  throw new TemplateDefinitionError(`template "${slug}": ${where}: ${message}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireInteger(slug: string, where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    fail(slug, where, 'must be a positive integer');
  }
  return value;
}

function requireString(slug: string, where: string, value: unknown, allowEmpty = false): string {
  if (typeof value !== 'string' || (!allowEmpty && value.trim() === '')) {
    fail(slug, where, allowEmpty ? 'must be a string' : 'must be a non-empty string');
  }
  return value;
}

function requireBoolean(slug: string, where: string, value: unknown): boolean {
  if (typeof value !== 'boolean') fail(slug, where, 'must be true or false');
  return value;
}

function requireOneOf<T extends string>(
  slug: string,
  where: string,
  value: unknown,
  allowed: readonly T[],
): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(slug, where, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function parseField(slug: string, where: string, raw: unknown): InputFieldDefinition {
  if (!isObject(raw)) fail(slug, where, 'must be an object');
  const name = requireString(slug, `${where}.name`, raw.name);
  if (!MACHINE_NAME.test(name)) fail(slug, `${where}.name`, 'must be a lower-case machine name');
  return {
    id: requireInteger(slug, `${where}.id`, raw.id),
    name,
    widget_label: requireString(slug, `${where}.widget_label`, raw.widget_label),
    widget_type: requireOneOf(slug, `${where}.widget_type`, raw.widget_type, WIDGET_TYPES),
    description: requireString(slug, `${where}.description`, raw.description ?? '', true),
    is_required: requireBoolean(slug, `${where}.is_required`, raw.is_required ?? false),
    role: requireOneOf(slug, `${where}.role`, raw.role ?? 'detail', FIELD_ROLES),
  };
}

function parseSection(slug: string, where: string, raw: unknown): SectionDefinition {
  if (!isObject(raw)) fail(slug, where, 'must be an object');
  if (!Array.isArray(raw.input_fields) || raw.input_fields.length === 0) {
    fail(slug, `${where}.input_fields`, 'must be a non-empty array');
  }
  const fields = raw.input_fields.map((field, i) =>
    parseField(slug, `${where}.input_fields[${i}]`, field),
  );
  const names = new Set(fields.map((f) => f.name));
  if (names.size !== fields.length) fail(slug, where, 'field names must be unique in a section');
  const key = requireString(slug, `${where}.key`, raw.key);
  if (!MACHINE_NAME.test(key)) fail(slug, `${where}.key`, 'must be a lower-case machine name');
  return {
    id: requireInteger(slug, `${where}.id`, raw.id),
    key,
    name: requireString(slug, `${where}.name`, raw.name),
    description: requireString(slug, `${where}.description`, raw.description ?? '', true),
    is_active: requireBoolean(slug, `${where}.is_active`, raw.is_active ?? true),
    is_required: requireBoolean(slug, `${where}.is_required`, raw.is_required ?? false),
    is_repeatable: requireBoolean(slug, `${where}.is_repeatable`, raw.is_repeatable ?? false),
    order: requireInteger(slug, `${where}.order`, raw.order),
    display: requireOneOf(slug, `${where}.display`, raw.display, SECTION_DISPLAYS),
    column: requireOneOf(slug, `${where}.column`, raw.column ?? 'main', ['main', 'side'] as const),
    input_fields: fields,
  };
}

export function parseTemplateDefinition(slug: string, raw: unknown): TemplateDefinition {
  if (!isObject(raw)) fail(slug, 'template.json', 'must be an object');
  if (!isObject(raw.category)) fail(slug, 'category', 'must be an object with id and name');
  if (!isObject(raw.style)) fail(slug, 'style', 'must be an object');
  const accentColor = requireString(slug, 'style.accentColor', raw.style.accentColor);
  if (!HEX_COLOUR.test(accentColor)) fail(slug, 'style.accentColor', 'must be a #rrggbb colour');
  if (!Array.isArray(raw.sections) || raw.sections.length === 0) {
    fail(slug, 'sections', 'must be a non-empty array');
  }
  const sections = raw.sections
    .map((section, i) => parseSection(slug, `sections[${i}]`, section))
    .sort((a, b) => a.order - b.order);
  const sectionNames = new Set(sections.map((s) => s.name.toLowerCase()));
  if (sectionNames.size !== sections.length) fail(slug, 'sections', 'names must be unique');
  const fontFamily = requireString(slug, 'style.fontFamily', raw.style.fontFamily);
  return {
    id: requireInteger(slug, 'id', raw.id),
    name: requireString(slug, 'name', raw.name),
    category: {
      id: requireInteger(slug, 'category.id', raw.category.id),
      name: requireString(slug, 'category.name', raw.category.name),
    },
    style: {
      fontFamily,
      headingFontFamily: requireString(
        slug,
        'style.headingFontFamily',
        raw.style.headingFontFamily ?? fontFamily,
      ),
      accentColor,
      // A template made for parsers (ATS Plain) says false: it prints no photo.
      photo: raw.style.photo === undefined ? true : requireBoolean(slug, 'style.photo', raw.style.photo),
    },
    sections,
  };
}

function readJson(slug: string, file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(slug, path.basename(file), (error as Error).message);
  }
}

export function readTemplateFolder(dir: string): TemplateFolder {
  const slug = path.basename(dir);
  const definition = parseTemplateDefinition(slug, readJson(slug, path.join(dir, 'template.json')));
  const samplePath = path.join(dir, 'sample.json');
  const sample = existsSync(samplePath) ? readJson(slug, samplePath) : {};
  if (!isObject(sample)) fail(slug, 'sample.json', 'must be an object of sections');
  return {
    slug,
    dir,
    definition,
    layoutSource: readFileSync(path.join(dir, 'layout.hbs'), 'utf8'),
    css: readFileSync(path.join(dir, 'style.css'), 'utf8'),
    sample: sample as CvFormData,
    iconPath: path.join(dir, 'icon.png'),
  };
}

/** Reads every template folder and checks that ids are unique across all of them. */
export function readTemplateFolders(root: string): TemplateFolder[] {
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'template.json')))
    .map((entry) => readTemplateFolder(path.join(root, entry.name)))
    .sort((a, b) => a.definition.id - b.definition.id);
  const seen = { template: new Map<number, string>(), section: new Map<number, string>(), field: new Map<number, string>() };
  const claim = (kind: keyof typeof seen, id: number, owner: string) => {
    const previous = seen[kind].get(id);
    if (previous !== undefined) {
      throw new TemplateDefinitionError(`${kind} id ${id} is used by both ${previous} and ${owner}`);
    }
    seen[kind].set(id, owner);
  };
  for (const folder of folders) {
    claim('template', folder.definition.id, folder.slug);
    for (const section of folder.definition.sections) {
      claim('section', section.id, `${folder.slug}/${section.key}`);
      for (const field of section.input_fields) {
        claim('field', field.id, `${folder.slug}/${section.key}/${field.name}`);
      }
    }
  }
  return folders;
}

export const TEMPLATES_ROOT = path.resolve(import.meta.dirname, '../../templates');
