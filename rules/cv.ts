// The rules of a saved CV, said once for the web app and the server (see rules/account.ts). Its words are marked for
// the catalogue with `msg` (a view shows them through its `t`).

import { msg } from './languages.js';

/** The largest value of one field the server keeps; the builder's fields accept no more. */
export const MAX_FIELD_LENGTH = 20_000;
export const MAX_CV_NAME_LENGTH = 200;
/** A new CV on a template staff switched off: the server's 400, shown by the builder as it stands. */
export const TEMPLATE_NO_LONGER_OFFERED = msg(
  'This template is no longer offered. Choose another template in the preview, then save your CV.',
);
/**
 * The reasons a CV's save or preview is refused, as the answer's `code` beside its `detail` (an extension): the
 * builder says which field and what is wrong from these, whatever language the detail is in.
 */
export const CV_REFUSAL_CODES = {
  templateNotOffered: 'template_not_offered',
  tooLong: 'too_long',
  notAPhone: 'not_a_phone',
  notADate: 'not_a_date',
} as const;
export type CvRefusalCode = (typeof CV_REFUSAL_CODES)[keyof typeof CV_REFUSAL_CODES];

/** The highest repeat index of an entry: a repeatable section holds at most 100 entries. */
export const MAX_REPEAT_INDEX = 99;

/** A save over a copy someone saved since the edit began: the server's 412 detail, the builder's words for it. */
export const CV_CHANGED_ELSEWHERE = msg('This CV was changed elsewhere.');

/**
 * A saved CV's version as an entity tag: its last_updated, to the millisecond, quoted. The server answers it as the
 * CV's ETag; the web app sends it back in If-Match to save only over that version.
 */
export function cvEtag(lastUpdated: string): string {
  return `"${lastUpdated}"`;
}

/**
 * An input field of a template section (docs/behaviour.md#data), as the API gives it. The web app's decoded field
 * (src/api/templates.ts) and the server's JSON and template definition (server/src/templates/) build on it.
 */
export interface InputFieldShape {
  id: number;
  name: string;
  widget_label: string;
  widget_type: string;
  description: string;
  is_required: boolean;
}

export interface FormDataKey {
  name: string;
  fieldId: number;
  index: number;
}

/** docs/behaviour.md#form-data: a section's values are keyed `name-fieldId-repeatIndex`. */
export function formDataKey(name: string, fieldId: number, index: number): string {
  return `${name}-${fieldId}-${index}`;
}

/**
 * Field names may hold hyphens ("e-mail"), so the id and the repeat index are read from the right. A key whose
 * name part is empty ("-1001-0") names no field and is not a key.
 */
export function parseFormDataKey(key: string): FormDataKey | undefined {
  const match = /^(.*)-(\d+)-(\d+)$/.exec(key);
  if (!match || match[1] === '') return undefined;
  return { name: match[1], fieldId: Number(match[2]), index: Number(match[3]) };
}

// ── The CV's own structure: order, hidden sections, renamed headings, custom sections ──

export const MAX_CUSTOM_SECTIONS = 20;
export const MAX_CUSTOM_SECTION_ENTRIES = 100;
/** A section heading, a template's renamed or a custom section's own. */
export const MAX_SECTION_TITLE_LENGTH = 100;
/** A custom entry's title, subtitle and location (its description may be as long as any field). */
export const MAX_CUSTOM_ENTRY_TEXT_LENGTH = 300;
/** A custom entry's start or end date: an ISO date (2020-03, 2020-03-15) or what the person typed. */
export const MAX_CUSTOM_DATE_LENGTH = 40;
/** A custom section's key: "custom-", then lower-case letters, digits and hyphens. */
export const CUSTOM_SECTION_KEY_PATTERN = /^custom-[a-z0-9][a-z0-9-]{0,47}$/;

export interface CustomEntryShape {
  title?: string;
  subtitle?: string;
  location?: string;
  start_date?: string;
  end_date?: string;
  /** Ticked: the entry has not ended ('Present' instead of the end date). */
  current?: boolean;
  /** Rich text (the builder's editor's HTML). */
  description?: string;
}

export interface CustomSectionShape {
  key: string;
  title: string;
  entries: CustomEntryShape[];
}

/** A section as a layout names it: a template section's id, or a custom section's key. */
export type SectionRef = number | string;

/** A saved CV's optional `layout`: without one, the template's own order, names and sections. */
export interface CvLayoutShape {
  section_order?: SectionRef[];
  hidden_sections?: SectionRef[];
  /** New headings by section id (as text) or custom key; an empty title means the template's. */
  section_titles?: Record<string, string>;
  custom_sections?: CustomSectionShape[];
}

/** A layout reference as one kind of key: a template section id as its digits, a custom key as it is. */
export function sectionRefKey(ref: SectionRef): string {
  return typeof ref === 'number' ? String(ref) : ref.trim();
}

// ── Links ──

/**
 * The schemes a link in a CV may have: the web and mail. The server's rich-text allow-list (server/src/text/rich-text.ts)
 * is this list; an import refuses any other (`javascript:`, `data:`, `file:`…) and an export never writes one.
 */
export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * The scheme a link is written with ('https' for 'https://x.org', 'javascript' for 'javascript:alert(1)'), lower-cased;
 * undefined for a link written without one ('linkedin.com/in/x', 'localhost:8000').
 */
export function linkScheme(value: string): string | undefined {
  // Controls and spaces before the colon are how 'java\tscript:' slips past a browser's own reading.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const compact = value.trim().replace(/[\u0000-\u0020\u007f]+/g, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!match) return undefined;
  // 'host:8080/path' is a host and a port, not a scheme.
  if (/^[a-z][a-z0-9+.-]*:\d+(\/|$)/i.test(compact)) return undefined;
  return match[1]!.toLowerCase();
}

/** Whether a link may be kept as a link: written without a scheme, or with one of ALLOWED_LINK_SCHEMES. */
export function isAllowedLink(value: string): boolean {
  const scheme = linkScheme(value);
  return scheme === undefined || (ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme);
}
