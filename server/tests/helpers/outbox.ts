import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutboxMessage {
  file: string;
  from: string;
  to: string;
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
  html?: string;
  attachments: OutboxAttachment[];
  headers: Record<string, string>;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

// A small RFC 822/MIME reader for what nodemailer writes (the mailparser package needs versions
// the registry here lacks): unfolded headers, RFC 2047 words, multipart, base64 and quoted-printable.

function splitPart(source: string): Part {
  const end = source.search(/\r?\n\r?\n/);
  const head = end === -1 ? source : source.slice(0, end);
  const body = end === -1 ? '' : source.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const unwrapped = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < unwrapped.length; i++) {
    const char = unwrapped[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(unwrapped.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unwrapped.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return Buffer.from(part.body.replace(/\r?\n$/, ''), 'utf8');
}

export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, 'i'));
  const value = match?.[1] ?? match?.[2];
  if (value === undefined) return undefined;
  // RFC 2231 (`filename*=utf-8''My%20CV.pdf`)
  const extended = value.match(/^[\w-]+'[\w-]*'(.*)$/);
  return extended ? decodeURIComponent(extended[1]!) : decodeWords(value);
}

function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  if (!type.toLowerCase().startsWith('multipart/')) return [part];
  const boundary = parameter(type, 'boundary');
  if (!boundary) return [];
  const sections = part.body.split(`--${boundary}`);
  return sections
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitPart(section.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))));
}

export function parseEml(source: string | Buffer, file = ''): OutboxMessage {
  const root = splitPart(source.toString());
  const message: OutboxMessage = {
    file,
    from: decodeWords(root.headers.from ?? ''),
    to: decodeWords(root.headers.to ?? ''),
    subject: decodeWords(root.headers.subject ?? ''),
    text: '',
    attachments: [],
    headers: root.headers,
  };
  for (const leaf of leaves(root)) {
    const type = (leaf.headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
    const disposition = leaf.headers['content-disposition'];
    const filename = parameter(disposition, 'filename') ?? parameter(leaf.headers['content-type'], 'name');
    if (disposition?.toLowerCase().startsWith('attachment') || filename) {
      message.attachments.push({ filename: filename ?? '', contentType: type, content: decodeBody(leaf) });
    } else if (type === 'text/html') {
      message.html = decodeBody(leaf).toString('utf8');
    } else if (type === 'text/plain' && !message.text) {
      message.text = decodeBody(leaf).toString('utf8');
    }
  }
  return message;
}

/** Every message in an outbox folder, oldest first (file names start with a timestamp). */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.eml') && !name.startsWith('.')).sort();
  return Promise.all(files.map(async (name) => parseEml(await readFile(join(dir, name)), name)));
}

/** The first http(s) link in a text, e.g. the confirmation link of a mail body. */
export function findLink(text: string, pathPrefix = ''): string | undefined {
  return text.match(/https?:\/\/[^\s<>"]+/g)?.find((link) => new URL(link).pathname.startsWith(pathPrefix));
}
