import { msg } from '../../../rules/languages.js';
import mammoth from 'mammoth';
import { cleanLine, ImportFileError, type TextLine } from './lines.js';

// A Word file's paragraphs as lines, read with mammoth (a maintained .docx reader that maps Word's styles to
// headings and lists): a Heading style is a heading, a list paragraph a bullet, a paragraph all in bold is bold.

export const BROKEN_DOCX = msg(
  'This file is not a Word document that can be read: it may be damaged, protected by a password, or an old .doc file (save it as .docx).',
);

const BLOCK = /<(h[1-6]|p|li|td|th)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g;

function decode(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export async function docxLines(bytes: Uint8Array): Promise<TextLine[]> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new ImportFileError(400, BROKEN_DOCX);
  }
  const lines: TextLine[] = [];
  // Table cells hold paragraphs of their own: the innermost blocks are the lines.
  const flat = html
    .replace(/<\/?(table|tbody|thead|tr|ul|ol)(?:\s[^>]*)?>/g, '\n')
    .replace(/<(td|th)(?:\s[^>]*)?>|<\/(td|th)>/g, '\n');
  for (const match of flat.matchAll(BLOCK)) {
    const [, tag, inner] = match;
    const text = cleanLine(decode(inner));
    if (!text) continue;
    const stripped = inner.replace(/<\/?(strong|a)(?:\s[^>]*)?>/g, '').trim();
    lines.push({
      text,
      size: 0,
      bold:
        /^<strong>[\s\S]*<\/strong>$/.test(inner.replace(/<\/?a(?:\s[^>]*)?>/g, '').trim()) &&
        stripped.length > 0,
      heading: tag.startsWith('h'),
      bullet: tag === 'li',
    });
  }
  if (!lines.length) throw new ImportFileError(400, msg('This Word document holds no text to import.'));
  return lines;
}
