import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TEMPLATES_ROOT } from '../templates/definition.js';
import { breakableHtml, escapeHtml, richTextToPlainText } from '../text/rich-text.js';
import { resolveDesign, type CvDesign } from './design.js';
import { designStyle } from './html.js';
import type { RenderTemplate } from './html.js';
import type { ContactItem, RenderModel, RenderPerson, RenderSection } from './model.js';
import { layoutWords, nameEms } from './model.js';
import { withPdfProperties } from './pdf-info.js';
import type { PdfPrinter, PdfRenderOptions } from './pdf.js';
import { PDF_CREATOR } from './print.js';

/*
 * A cover letter printed in a CV template's design (docs/decisions/0050-cover-letters.md). One shared structure,
 * templates/_partials/letter.hbs, is printed by each template's own layout as its only section: the layout draws its
 * own header (the person's name, headline and contacts, in its type and colour; a sidebar template's sidebar), and
 * the letter sits where its sections would. `section-content.hbs` prints the partial for that section; the heading
 * the layouts write for every section is hidden by letter.css.
 */

/** The letter's parts as the partial prints them (every value plain text but `body`, which is sanitised HTML). */
export interface RenderLetter {
  /** Recipient name, company and each line of the address. */
  recipientLines: string[];
  /** The date as people read it in the design's language; '' for none. */
  date: string;
  /** YYYY-MM-DD, for <time datetime>. */
  dateValue: string;
  subject: string;
  salutation: string;
  body: string;
  closing: string;
  signature: string;
}

/** What a letter says, as stored (cover-letters/input.ts has checked and sanitised it). */
export interface LetterContent {
  recipient_name: string;
  company: string;
  address: string;
  date: string;
  subject: string;
  salutation: string;
  body: string;
  closing: string;
  signature_name: string;
}

/** What a letter says, key by key: the one list the API's answer, the table's row and the printed letter share. */
export const LETTER_CONTENT_KEYS = [
  'recipient_name',
  'company',
  'address',
  'date',
  'subject',
  'salutation',
  'body',
  'closing',
  'signature_name',
] as const satisfies readonly (keyof LetterContent)[];

/** Only what a letter says, from anything that holds it (a stored row, a checked body). */
export function letterContentOf(from: LetterContent): LetterContent {
  return Object.fromEntries(LETTER_CONTENT_KEYS.map((key) => [key, from[key]])) as unknown as LetterContent;
}

/** The section key a letter prints as: its heading is hidden, its content is the letter partial. */
export const LETTER_SECTION_KEY = 'cover-letter';

/** A YYYY-MM-DD date as a person reads it in `language` ('3 May 2024', '2024年5月3日'…). */
export function formatLetterDate(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return '';
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  };
  // English without a region reads as the app's other English does (Word's proofing: en-GB): '3 May 2024'.
  const locale = language.toLowerCase() === 'en' ? 'en-GB' : language;
  try {
    return new Intl.DateTimeFormat(locale, options).format(at);
  } catch {
    // A language tag Intl does not know: the date in British English.
    return new Intl.DateTimeFormat('en-GB', options).format(at);
  }
}

export function renderLetterParts(letter: LetterContent, language: string): RenderLetter {
  return {
    recipientLines: [
      letter.recipient_name,
      letter.company,
      ...letter.address.split('\n').map((line) => line.trim()),
    ].filter((line) => line !== ''),
    date: formatLetterDate(letter.date, language),
    dateValue: letter.date,
    subject: letter.subject,
    salutation: letter.salutation,
    body: letter.body,
    closing: letter.closing,
    signature: letter.signature_name,
  };
}

/** The person a letter without a CV prints in its header: the name it is signed with, the account's contacts. */
export function standalonePerson(name: string, email: string, phone: string): RenderPerson {
  const contacts: ContactItem[] = [];
  if (email)
    contacts.push({ kind: 'email', text: email, html: breakableHtml(email), href: `mailto:${email}` });
  if (phone) {
    const digits = phone.replace(/[^\d+]/g, '');
    contacts.push({
      kind: 'phone',
      text: phone,
      html: escapeHtml(phone),
      ...(digits ? { href: `tel:${digits}` } : {}),
    });
  }
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initial = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  return {
    ...(name ? { name } : {}),
    initials: (initial(words[0]) + (words.length > 1 ? initial(words.at(-1)) : '')).toUpperCase(),
    nameEms: nameEms(name || undefined),
    contacts,
    details: [],
  };
}

/**
 * The render model a template prints a letter with: the person (from the linked CV's model, or standalonePerson),
 * the design (the CV's saved design resolved against this template's style; its direction, when automatic, read from
 * the letter's own text) and the letter as the one section. No photo: a letter's header is the CV's without it.
 */
export function buildLetterModel(
  template: RenderTemplate,
  person: RenderPerson,
  design: CvDesign | null,
  letter: LetterContent,
): RenderModel {
  const text = [
    letter.recipient_name,
    letter.company,
    letter.subject,
    letter.salutation,
    richTextToPlainText(letter.body),
    letter.closing,
  ]
    .filter(Boolean)
    .join(' ');
  // A letter is as long as it is: fit to one page is the CV's setting, not the letter's.
  const resolved = {
    ...resolveDesign(design, template.definition.style, () => ({ name: person.name ?? '', all: text })),
    fitOnePage: false,
  };
  const section = {
    id: 0,
    key: LETTER_SECTION_KEY,
    name: '',
    display: 'text',
    column: 'main',
    isRepeatable: false,
    isText: false,
    isEntries: false,
    isList: false,
    isLinks: false,
    nameEms: 1,
    entries: [],
    isLetter: true,
    letter: renderLetterParts(letter, resolved.language),
  } satisfies RenderSection & { isLetter: true; letter: RenderLetter };
  return {
    templateId: template.definition.id,
    templateName: template.definition.name,
    person,
    sections: [section],
    main: [section],
    side: [],
    isEmpty: false,
    words: layoutWords(resolved.language),
    design: resolved,
  };
}

/** The letter a model carries (buildLetterModel). */
export function letterOf(model: RenderModel): RenderLetter | undefined {
  return (model.sections[0] as (RenderSection & { letter?: RenderLetter }) | undefined)?.letter;
}

let letterCss: string | undefined;

/** The shared letter stylesheet (templates/_partials/letter.css), read once. */
function letterStyle(): string {
  letterCss ??= readFileSync(path.join(TEMPLATES_ROOT, '_partials', 'letter.css'), 'utf8').replace(
    /<\/style/gi,
    '<\\/style',
  );
  return `<style>${letterCss}</style>`;
}

/** The document's title: whose letter, and about what. */
export function letterTitle(model: RenderModel): string {
  const subject = letterOf(model)?.subject;
  const who = model.person.name ? `${model.person.name} – Cover letter` : 'Cover letter';
  return subject ? `${who}: ${subject}` : who;
}

/** A complete, self-contained HTML document of the letter in the template's design (as renderHtml for a CV). */
export function renderLetterHtml(template: RenderTemplate, model: RenderModel): string {
  const lang = escapeHtml(model.design.language);
  const head = template.documentHead.replace(
    '<html lang="en">',
    model.design.direction === 'rtl' ? `<html lang="${lang}" dir="rtl">` : `<html lang="${lang}">`,
  );
  const nameStyle = `<style>:root{--name-ems:${model.person.nameEms};--title-ems:1;}</style>`;
  return (
    `${head}${designStyle(template, model.design)}${nameStyle}${letterStyle()}` +
    `<title>${escapeHtml(letterTitle(model))}</title></head>` +
    `<body class="cv cv-${template.slug} cover-letter">${template.layout(model)}</body></html>`
  );
}

/** The letter as a PDF on its design's paper (the same renderer, pool and failures as a CV's: print.ts). */
export async function printLetter(
  pdf: PdfPrinter,
  template: RenderTemplate,
  model: RenderModel,
  options: Omit<PdfRenderOptions, 'paper'> = {},
): Promise<Buffer> {
  const { design } = model;
  const body = await pdf.render(renderLetterHtml(template, model), {
    ...options,
    paper: { widthMm: design.widthMm, heightMm: design.heightMm },
  });
  return withPdfProperties(body, { author: model.person.name, creator: PDF_CREATOR });
}
