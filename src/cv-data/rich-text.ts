// The builder's rich text (the editor's HTML) as the plain parts other formats hold: paragraphs and bullet points.
// JSON Resume keeps a `summary` and `highlights`, Markdown and plain text keep paragraphs and bullets; inline
// formatting (bold, italic, links) has no place in them and is read as its text.

export interface RichTextParts {
  paragraphs: string[];
  bullets: string[];
}

const BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE']);
const LISTS = new Set(['UL', 'OL']);
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

function textOf(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1) return '';
  const element = node as Element;
  if (DROPPED.has(element.tagName)) return '';
  if (element.tagName === 'BR') return '\n';
  const inner = [...element.childNodes].map(textOf).join('');
  // A list item's own paragraphs (the editor writes <li><p>…</p></li>) are lines of one bullet.
  return BLOCKS.has(element.tagName) && element.nextSibling ? `${inner}\n` : inner;
}

const tidy = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();

/** The paragraphs and bullet points of the editor's HTML, in their order (paragraphs first when both are read). */
export function richTextParts(html: string): RichTextParts {
  const parts: RichTextParts = { paragraphs: [], bullets: [] };
  if (html.trim() === '') return parts;
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  let inline = '';
  const flush = () => {
    const text = tidy(inline);
    if (text !== '') parts.paragraphs.push(text);
    inline = '';
  };
  for (const node of [...body.childNodes]) {
    const element = node.nodeType === 1 ? (node as Element) : undefined;
    if (element && LISTS.has(element.tagName)) {
      flush();
      for (const item of [...element.children].filter((child) => child.tagName === 'LI')) {
        const text = tidy(textOf(item));
        if (text !== '') parts.bullets.push(text);
      }
    } else if (element && BLOCKS.has(element.tagName)) {
      flush();
      inline = textOf(element);
      flush();
    } else inline += textOf(node);
  }
  flush();
  return parts;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const lines = (text: string) => text.split('\n').map(escapeHtml).join('<br>');

/** The editor's HTML for paragraphs and bullet points: `<p>…</p>` each, then one `<ul>` of `<li>`. */
export function richTextHtml(parts: Partial<RichTextParts>): string {
  const paragraphs = (parts.paragraphs ?? []).map((text) => text.trim()).filter((text) => text !== '');
  const bullets = (parts.bullets ?? []).map((text) => text.trim()).filter((text) => text !== '');
  return (
    paragraphs.map((text) => `<p>${lines(text)}</p>`).join('') +
    (bullets.length > 0 ? `<ul>${bullets.map((text) => `<li>${lines(text)}</li>`).join('')}</ul>` : '')
  );
}

/** Text as one paragraph per blank-line-separated block (a JSON Resume summary keeps its paragraphs so). */
export function paragraphsOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The whole text of the editor's HTML: paragraphs, then bullets, one per line. */
export function richTextPlain(html: string): string {
  const { paragraphs, bullets } = richTextParts(html);
  return [...paragraphs, ...bullets].join('\n');
}
