import sanitizeHtml from 'sanitize-html';
import { ALLOWED_LINK_SCHEMES } from '../../../rules/cv.js';

/*
 * HTML text for every part of the server that writes or stores it: escaping, the rich-text allowlist, and sanitised
 * rich text read back as tokens or as plain text. The render engine prints with it, the CV input stores with it and
 * the account emails escape with it.
 */

// The rich-text allowlist, what the builder's editor writes: paragraphs, bold, italic, underline, lists and links
// with http(s)/mailto only. Everything else is dropped (script/style with their content) or unwrapped.
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: [...ALLOWED_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Editors often emit <div> per line; keep the line structure instead of gluing words together.
  transformTags: { div: 'p', h1: 'p', h2: 'p', h3: 'p', h4: 'p', h5: 'p', h6: 'p' },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

/** The same escaping Handlebars applies to `{{value}}`, for HTML built outside a layout. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`=]/g, (ch) => ESCAPES[ch]);
}

/**
 * A link or an email as HTML with a break point (<wbr>) after each '/', '.', '@', '-', '_', '?', '&', '=' and '#':
 * a line that must break does so between its parts, never inside a word of the domain. A break point adds no
 * character: the text reads, copies and extracts as typed.
 */
export function breakableHtml(text: string): string {
  return text
    .split(/(?<=[/.@\-_?&=#])(?=[^/.@\-_?&=#])/)
    .map(escapeHtml)
    .join('<wbr>');
}

/** Plain multi-line text as safe HTML: blank lines separate paragraphs, single newlines break. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

export type RichTextToken =
  | { kind: 'open'; tag: string; href?: string }
  | { kind: 'close'; tag: string }
  | { kind: 'text'; text: string };

/**
 * Splits sanitised rich text into tags and text. Only safe on sanitizeRichText output, which is
 * well-formed and holds nothing but the allowlist, so a tokenizer this small is enough.
 */
export function tokenizeRichText(html: string): RichTextToken[] {
  const tokens: RichTextToken[] = [];
  const pattern = /<(\/?)([a-z]+)([^>]*)>|([^<]+)/gi;
  for (const match of html.matchAll(pattern)) {
    if (match[4] !== undefined) {
      tokens.push({ kind: 'text', text: decodeEntities(match[4]) });
      continue;
    }
    const tag = match[2].toLowerCase();
    if (match[1]) {
      tokens.push({ kind: 'close', tag });
      continue;
    }
    const href = /href="([^"]*)"/i.exec(match[3])?.[1];
    tokens.push({ kind: 'open', tag, ...(href !== undefined ? { href: decodeEntities(href) } : {}) });
    if (tag === 'br') tokens.push({ kind: 'close', tag });
  }
  return tokens;
}

/** The text a reader sees in sanitised rich text, paragraphs and list items on their own lines. */
export function richTextToPlainText(html: string): string {
  let text = '';
  for (const token of tokenizeRichText(html)) {
    if (token.kind === 'text') text += token.text;
    else if (token.kind === 'open' && (token.tag === 'br' || token.tag === 'li' || token.tag === 'p')) {
      if (text && !text.endsWith('\n')) text += '\n';
    }
  }
  return text.trim();
}
