const FALLBACK_NAME = 'cv';
const MAX_NAME_LENGTH = 120;

// Characters no common file system accepts in a name, and the ones that would let a name climb
// out of the download folder or break the header it travels in.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f"*/:<>?\\|]/g;

/** The CV name as a file name people recognise: same words, nothing a file system rejects. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // "..", leading dots (hidden files) and trailing dots (Windows strips them) are not names.
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const short = Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim();
  return short === '' ? FALLBACK_NAME : short;
}

/** An ASCII stand-in for old clients that ignore filename*: accents dropped, other scripts '_'. */
function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/[%;]/g, '_');
  return /[A-Za-z0-9]/.test(ascii) ? ascii : FALLBACK_NAME;
}

// RFC 8187 attr-char: encodeURIComponent leaves a few characters that must be escaped too.
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment; filename="…"; filename*=UTF-8''…` for a CV name and an extension such as "pdf". */
export function attachmentDisposition(cvName: string, extension: string): string {
  const name = safeFileName(cvName);
  return `attachment; filename="${asciiFileName(name)}.${extension}"; filename*=UTF-8''${encodeExtValue(`${name}.${extension}`)}`;
}
