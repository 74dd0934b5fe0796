import * as t from 'io-ts';
import type { ApiClient, RequestOptions } from './http';
import { listOf } from './codecs';
import type { InputFieldShape } from '../../rules/cv';

// Templates and their categories (docs/behaviour.md#data, #api-calls).

/**
 * A codec that decodes with `base`, then reshapes the result. Spec quirks (two spellings of a field,
 * ids hidden in urls) are resolved here, once, so the app only ever sees one shape.
 */
export function reshaped<C extends t.Mixed, B>(
  name: string,
  base: C,
  reshape: (value: t.TypeOf<C>) => B,
  is: (value: unknown) => value is B,
): t.Type<B, B, unknown> {
  return new t.Type<B, B, unknown>(
    name,
    is,
    (input, context) => {
      const decoded = base.validate(input, context);
      return decoded._tag === 'Right' ? t.success(reshape(decoded.right)) : decoded;
    },
    (value) => value,
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object';

const Key = t.union([t.number, t.string]);
const Nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);

/** A category as the app sees it: `value` identifies it, `label` is what people read. */
export interface Tag {
  value: string;
  label: string;
}

const RawTag = t.intersection([
  t.union([t.type({ value: Key }), t.type({ id: Key })]),
  t.union([t.type({ label: t.string }), t.type({ name: t.string })]),
]);

/** docs/behaviour.md#data: a tag's value or id, and its label or name (both spellings occur). */
export const Tag = reshaped(
  'Tag',
  RawTag,
  (raw): Tag => {
    const spelled = raw as { value?: string | number; id?: string | number; label?: string; name?: string };
    return { value: String(spelled.value ?? spelled.id), label: spelled.label ?? spelled.name ?? '' };
  },
  (value): value is Tag =>
    isRecord(value) && typeof value.value === 'string' && typeof value.label === 'string',
);

export const TagList = listOf(Tag, 'TagList');

/**
 * The category a template belongs to. Backends send the tag's id, its name, or the tag itself; whatever
 * arrives is kept so the filter can match a tag by value or by label.
 */
export interface TemplateCategory {
  value?: string;
  label?: string;
}

const RawCategory = Nullable(
  t.union([Key, t.partial({ value: Key, id: Key, label: t.string, name: t.string })]),
);

function toCategory(raw: t.TypeOf<typeof RawCategory>): TemplateCategory | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return { value: String(raw) };
  if (typeof raw === 'string') return raw.trim() === '' ? null : { value: raw, label: raw };
  const value = raw.value ?? raw.id;
  const label = raw.label ?? raw.name;
  if (value === undefined && label === undefined) return null;
  return {
    ...(value !== undefined ? { value: String(value) } : {}),
    ...(label !== undefined ? { label } : {}),
  };
}

/** Whether a template is in a category: same value, or (for backends that send names) same label. */
export function isInCategory(category: TemplateCategory | null, tag: Tag): boolean {
  if (!category) return false;
  if (category.value !== undefined && category.value === tag.value) return true;
  return (
    category.label !== undefined && category.label.trim().toLowerCase() === tag.label.trim().toLowerCase()
  );
}

const TemplateId = t.union([t.number, t.string]);

const RawTemplate = t.intersection([
  t.type({ id: TemplateId, name: t.string }),
  t.partial({ icon: Nullable(t.string), category: RawCategory }),
]);

/** docs/behaviour.md#data: id, name, icon (image address), category. */
export interface Template {
  id: number;
  name: string;
  icon: string | null;
  category: TemplateCategory | null;
}

function isNumericId(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isInteger(value)) ||
    (typeof value === 'string' && /^\d+$/.test(value))
  );
}

const RawTemplateWithNumericId = new t.Type<t.TypeOf<typeof RawTemplate>, unknown, unknown>(
  'Template',
  RawTemplate.is,
  (input, context) => {
    const decoded = RawTemplate.validate(input, context);
    if (decoded._tag === 'Left') return decoded;
    return isNumericId(decoded.right.id)
      ? decoded
      : t.failure(input, context, 'expected a numeric template id');
  },
  (value) => value,
);

function toTemplate(raw: t.TypeOf<typeof RawTemplate>): Template {
  const icon = typeof raw.icon === 'string' && raw.icon.trim() !== '' ? raw.icon : null;
  return { id: Number(raw.id), name: raw.name, icon, category: toCategory(raw.category) };
}

const isTemplate = (value: unknown): value is Template =>
  isRecord(value) && typeof value.id === 'number' && typeof value.name === 'string';

export const Template = reshaped('Template', RawTemplateWithNumericId, toTemplate, isTemplate);

/** docs/behaviour.md#api-calls: the template list is a plain array; a `{ results }` page is accepted too. */
export const TemplateList = listOf(Template, 'TemplateList');

/** docs/behaviour.md#data, as both halves know it. */
export type InputField = InputFieldShape;

const RawInputField = t.intersection([
  t.type({ id: TemplateId, name: t.string }),
  t.partial({
    widget_label: Nullable(t.string),
    widget_type: Nullable(t.string),
    description: Nullable(t.string),
    is_required: Nullable(t.boolean),
  }),
]);

export const InputField = reshaped(
  'InputField',
  RawInputField,
  (raw): InputField => ({
    id: Number(raw.id),
    name: raw.name,
    widget_label: raw.widget_label ?? raw.name,
    // docs/behaviour.md#cv-builder: unknown widget types fall back to a plain text input; a missing one is the
    // same case.
    widget_type: raw.widget_type ?? 'text-input',
    description: raw.description ?? '',
    is_required: raw.is_required ?? false,
  }),
  (value): value is InputField =>
    isRecord(value) && typeof value.id === 'number' && typeof value.name === 'string',
);

/** A template section (docs/behaviour.md#data). */
export interface TemplateSection {
  id?: number;
  /**
   * Extension: what the section is, whatever its name ('summary' for "About Me" and "Profile" alike); a template
   * switch carries a section to the one of the same key. Without it, the kind is read from the fields and name.
   */
  key?: string;
  name: string;
  description: string;
  created?: string;
  last_updated?: string;
  is_active: boolean;
  is_required: boolean;
  is_repeatable: boolean;
  order?: number;
  input_fields: InputField[];
}

const RawSection = t.intersection([
  t.type({ name: t.string }),
  t.partial({
    id: TemplateId,
    key: Nullable(t.string),
    description: Nullable(t.string),
    created: Nullable(t.string),
    last_updated: Nullable(t.string),
    is_active: Nullable(t.boolean),
    is_required: Nullable(t.boolean),
    is_repeatable: Nullable(t.boolean),
    order: Nullable(t.number),
    input_fields: Nullable(t.array(InputField)),
  }),
]);

export const TemplateSection = reshaped(
  'TemplateSection',
  RawSection,
  (raw): TemplateSection => ({
    ...(raw.id !== undefined ? { id: Number(raw.id) } : {}),
    ...(typeof raw.key === 'string' && raw.key.trim() !== '' ? { key: raw.key.trim() } : {}),
    name: raw.name,
    description: raw.description ?? '',
    ...(raw.created ? { created: raw.created } : {}),
    ...(raw.last_updated ? { last_updated: raw.last_updated } : {}),
    is_active: raw.is_active ?? true,
    is_required: raw.is_required ?? false,
    is_repeatable: raw.is_repeatable ?? false,
    ...(typeof raw.order === 'number' ? { order: raw.order } : {}),
    input_fields: raw.input_fields ?? [],
  }),
  (value): value is TemplateSection =>
    isRecord(value) && typeof value.name === 'string' && Array.isArray(value.input_fields),
);

/** docs/behaviour.md#data: the full template also has its sections. */
export interface TemplateDetail extends Template {
  sections: TemplateSection[];
}

const RawTemplateDetail = t.intersection([
  RawTemplateWithNumericId,
  t.partial({ sections: Nullable(t.array(TemplateSection)), category_name: Nullable(t.string) }),
]);

/** A detail answer may name the category beside its id (`category_name`): the label is kept. */
function withCategoryName(template: Template, categoryName: string | null | undefined): Template {
  if (!categoryName || !template.category || template.category.label !== undefined) return template;
  return { ...template, category: { ...template.category, label: categoryName } };
}

export const TemplateDetail = reshaped(
  'TemplateDetail',
  RawTemplateDetail,
  (raw): TemplateDetail => ({
    ...withCategoryName(toTemplate(raw), raw.category_name),
    sections: raw.sections ?? [],
  }),
  (value): value is TemplateDetail =>
    isTemplate(value) && Array.isArray((value as { sections?: unknown }).sections),
);

type ReadOptions = Pick<RequestOptions, 'signal'>;

/** GET /v1/Tag/: the categories of the filter list. */
export function listTags(client: ApiClient, options?: ReadOptions): Promise<Tag[]> {
  return client.get('/v1/Tag/', TagList, options);
}

/** GET /v1/CvTemplate/ */
export function listTemplates(client: ApiClient, options?: ReadOptions): Promise<Template[]> {
  return client.get('/v1/CvTemplate/', TemplateList, options);
}

/** GET /v1/CvTemplate/{id}/: the template with its sections and input fields. */
export function getTemplate(
  client: ApiClient,
  id: number | string,
  options?: ReadOptions,
): Promise<TemplateDetail> {
  return client.get(`/v1/CvTemplate/${encodeURIComponent(String(id))}/`, TemplateDetail, options);
}
