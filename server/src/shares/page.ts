import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import { securityDirectives, serializeDirectives } from '../http/security-headers.js';
import { msg, translate, type LanguageCode, type Message } from '../i18n/index.js';
import { escapeHtml } from '../text/rich-text.js';
import { languageDirection } from '../../../rules/languages.js';

/*
 * The public share pages' HTML: the CV as its template prints it, made to read on a phone and to print, and the
 * plain pages (password, gone, not found, too many attempts). No script anywhere; every style element is allowed by
 * its hash in the page's policy, so a cached page needs no per-request nonce. The page's own words are in the
 * visitor's language (i18n's requestLanguage); the CV is as its owner wrote it, in its own language.
 */

const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/g;

/** The product's policy for a page whose only inline styles are its own `<style>` elements, allowed by hash. */
export function styleHashPolicy(config: Config, html: string): string {
  const hashes = [...html.matchAll(STYLE_ELEMENT)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
  const directives = securityDirectives(config);
  directives['style-src'] = [
    ...directives['style-src']!.filter((source) => !source.startsWith("'nonce-")),
    ...hashes,
  ];
  return serializeDirectives(directives);
}

const PX_PER_MM = 96 / 25.4;
// Room left and right of the sheet on a screen wide enough for it, in CSS pixels.
const SIDE_PX = 8;
// The page margin on a narrow screen, in CSS pixels.
const PAD = '16px';

/**
 * A screen narrower than the sheet (a phone, a small tablet) gets the CV reflowed at its own width and at the
 * text size it prints in, as the best CV builders' share pages do: a sheet scaled down to a phone's width sets
 * 10 pt type at 6 or 7 px, too small to read. The sheet loses its paper width and shadow, the margins shrink to
 * 16 px, and every template's side-by-side parts (a sidebar, a column of section headings or dates, contacts
 * beside the name) stack in reading order: the main column first, the sidebar after it. Print is untouched: these
 * rules are for the screen only.
 */
function narrowScreenCss(widthMm: number): string {
  const width = Math.ceil(widthMm * PX_PER_MM + 2 * SIDE_PX);
  const rules = [
    // The page: the screen's width, small margins, room above the name for the Download bar.
    `html{padding:60px 0 0;background:#fff}`,
    `body{width:auto;max-width:100%;min-height:0;margin:0;padding:${PAD};box-shadow:none}`,
    // The Download bar: a strip across the top, so it never lies over the name.
    '.share-bar{top:0;left:0;right:0;display:flex;justify-content:flex-end;padding:8px 12px;' +
      'background:rgba(255,255,255,.96);box-shadow:0 1px 3px rgba(15,23,42,.15)}',
    // Templates whose bands and columns run to the sheet's edges (a colour band atop the page, a sidebar) keep no
    // page margin; their own paddings shrink to the screen's margin.
    'body:has(> .band),body:has(.section-body),body:has(> .sheet){padding:0 0 24px}',
    `body:has(> .band) > :not(.share-bar),body:has(.section-body) > :not(.share-bar){padding-left:${PAD};padding-right:${PAD}}`,
    'body:has(> .band) > .band,body:has(.section-body) > .masthead{padding-top:24px;padding-bottom:16px}',
    // Sidebar templates: one column; the sidebar after the masthead and its colour kept as a band.
    '.sheet{display:flex;flex-direction:column}.sheet > .masthead{order:0}.sheet > .content{order:1}' +
      '.sheet > .sidebar{order:2}.sheet > .sidebar:has(.identity){order:-1}',
    `.sheet > .masthead,.sheet > .sidebar,.sheet > .content{margin:0;padding:24px ${PAD}}`,
    '.sheet > .content{padding-top:8px}.sheet > .masthead + .sidebar,.sheet > .masthead ~ .content{padding-top:8px}',
    '.sidebar-fill{display:none}',
    // Two columns in the body: the main column, then the side column under it.
    '.columns{display:flex;flex-direction:column;gap:12pt}.columns > .content{order:-1}' +
      '.columns > .side{padding-inline-start:0;border-inline-start:0}',
    // A column of headings or dates beside the text: the heading or date above it.
    '.indented{margin-left:0}',
    '.section,.entry{grid-template-columns:minmax(0,1fr)!important}',
    '.section > *,.entry > *{grid-column:1!important;grid-row:auto!important}',
    // Contacts beside the name: under it.
    '.masthead{grid-template-columns:minmax(0,1fr)!important}.masthead > *{grid-column:1!important;grid-row:auto!important}',
    '.masthead .contacts{text-align:start}',
    // A title and its dates share a line while they fit, then the dates go under.
    '.entry-head{flex-wrap:wrap;column-gap:8pt}',
    // The photo at most a third of the screen.
    '.cv-photo{max-width:33vw}',
  ];
  return `@media screen and (max-width:${width}px){${rules.join('')}}`;
}

function shareCss(widthMm: number): string {
  return (
    '@media screen{html{padding:72px 0 24px}body{width:var(--page-width);max-width:none}}' +
    '.share-bar{position:fixed;top:12px;right:12px;z-index:10;margin:0;padding:0;' +
    'font:600 16px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;letter-spacing:normal}' +
    '.share-bar a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:0 20px;' +
    'border-radius:8px;background:#1d4ed8;color:#fff;text-decoration:none;box-shadow:0 1px 4px rgba(15,23,42,.3)}' +
    '.share-bar a:hover{background:#1e40af}.share-bar a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}' +
    '@media print{.share-bar{display:none}html{padding:0}}' +
    narrowScreenCss(widthMm)
  );
}

export interface SharePageInput {
  /** The language of the page's own words (the Download button): the visitor's. */
  language: LanguageCode;
  /** The CV's document as the render engine wrote it (render/html.ts renderHtml). */
  document: string;
  /** The person's name: the page's title. */
  title: string;
  pdfPath: string;
  ogImageUrl: string;
  pageUrl: string;
  widthMm: number;
}

/**
 * The CV's document, with the share page's head (title, robots, Open Graph) and its Download PDF button. The
 * document keeps its own `<html lang>` (the CV's language); the button's bar says its words in the visitor's.
 */
export function sharePage(input: SharePageInput): string {
  const { language } = input;
  const title = escapeHtml(input.title);
  const head =
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    '<meta name="referrer" content="no-referrer">' +
    // No favicon request: the page asks for nothing but itself.
    '<link rel="icon" href="data:,">' +
    `<meta property="og:title" content="${title}">` +
    '<meta property="og:type" content="profile">' +
    `<meta property="og:url" content="${escapeHtml(input.pageUrl)}">` +
    `<meta property="og:image" content="${escapeHtml(input.ogImageUrl)}">` +
    `<meta property="og:image:alt" content="${escapeHtml(translate(language, FIRST_PAGE, { name: input.title }))}">` +
    '<meta name="twitter:card" content="summary_large_image">' +
    `<style>${shareCss(input.widthMm)}</style>` +
    `<title>${title}</title>`;
  const bar =
    `<nav class="share-bar" aria-label="${escapeHtml(translate(language, msg('Download')))}"` +
    ` lang="${language}" dir="${languageDirection(language)}">` +
    `<a href="${escapeHtml(input.pdfPath)}" download>${escapeHtml(translate(language, msg('Download PDF')))}</a></nav>`;
  const document = input.document.replace(/<title>[\s\S]*?<\/title>/, () => head);
  const end = document.lastIndexOf('</body>');
  return `${document.slice(0, end)}${bar}${document.slice(end)}`;
}

const PLAIN_CSS =
  ':root{color-scheme:light dark}' +
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box;' +
  'font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f4f5f7;color:#1f2328}' +
  'main{max-width:26rem;width:100%;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 4px rgba(15,23,42,.12)}' +
  'h1{font-size:1.35rem;margin:0 0 .5rem}p{margin:0 0 1rem}label{display:block;font-weight:600;margin:0 0 .35rem}' +
  'input{box-sizing:border-box;width:100%;min-height:44px;font:inherit;padding:8px 12px;border:1px solid #8b949e;border-radius:8px;background:#fff;color:#1f2328}' +
  'button{margin-top:1rem;min-height:44px;width:100%;font:inherit;font-weight:600;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}' +
  'button:hover{background:#1e40af}input:focus-visible,button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}' +
  '.error{color:#b42318;font-weight:600}' +
  '@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}main{background:#161b22}' +
  'input{background:#0d1117;color:#e6edf3;border-color:#6e7681}.error{color:#ff7b72}}';

const FIRST_PAGE = msg("The first page of {name}'s CV");

function plainDocument(language: LanguageCode, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${language}" dir="${languageDirection(language)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    '<link rel="icon" href="data:,">' +
    `<title>${escapeHtml(title)}</title><style>${PLAIN_CSS}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

/** A page that says one thing, in `language`: a link gone, not found, or too many attempts. Nothing of any CV. */
export function messagePage(language: LanguageCode, heading: Message, sentence: Message): string {
  const said = translate(language, heading);
  return plainDocument(
    language,
    said,
    `<h1>${escapeHtml(said)}</h1><p>${escapeHtml(translate(language, sentence))}</p>`,
  );
}

export const PASSWORD_WRONG = msg('That password is not right.');

/** The password form of a link that has one, in `language`: nothing of the CV, not even whose it is. */
export function passwordPage(language: LanguageCode, action: string, error?: Message): string {
  const say = (message: Message) => escapeHtml(translate(language, message));
  return plainDocument(
    language,
    translate(language, error ? msg('Password needed (try again)') : msg('Password needed')),
    `<h1>${say(msg('This CV is protected'))}</h1>` +
      `<p>${say(msg('Enter the password you were given with the link.'))}</p>` +
      `<form method="post" action="${escapeHtml(action)}">` +
      `<label for="share-password">${say(msg('Password'))}</label>` +
      '<input id="share-password" name="password" type="password" autocomplete="current-password" required ' +
      `maxlength="1000"${error ? ' aria-invalid="true" aria-describedby="share-password-error" autofocus' : ' autofocus'}>` +
      (error ? `<p id="share-password-error" class="error" role="alert">${say(error)}</p>` : '') +
      `<button type="submit">${say(msg('Open the CV'))}</button></form>`,
  );
}
