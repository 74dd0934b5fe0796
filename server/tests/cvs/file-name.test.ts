import { attachmentDisposition, safeFileName } from '../../src/cvs/file-name.js';

describe('safeFileName', () => {
  it.each([
    ['Software Engineer 2024', 'Software Engineer 2024'],
    ['My "best" CV', 'My best CV'],
    ['../../etc/passwd', 'etc passwd'],
    ['a/b\\c:d*e?f<g>h|i', 'a b c d e f g h i'],
    ['Lebenslauf Müller', 'Lebenslauf Müller'],
    ['简历 2024', '简历 2024'],
    ['  tabs\tand\nnewlines\r\n ', 'tabs and newlines'],
    ['', 'cv'],
    ['   ', 'cv'],
    ['...', 'cv'],
    ['"/\\"', 'cv'],
    ['.hidden', 'hidden'],
  ])('%j → %j', (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });

  it('keeps long names to 120 characters', () => {
    expect(Array.from(safeFileName('é'.repeat(300)))).toHaveLength(120);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII filename and the exact UTF-8 one', () => {
    expect(attachmentDisposition('Lebenslauf Müller', 'pdf')).toBe(
      `attachment; filename="Lebenslauf Muller.pdf"; filename*=UTF-8''Lebenslauf%20M%C3%BCller.pdf`,
    );
  });

  it("falls back to 'cv' for a name in a script ASCII cannot spell", () => {
    expect(attachmentDisposition('简历', 'docx')).toBe(
      `attachment; filename="cv.docx"; filename*=UTF-8''%E7%AE%80%E5%8E%86.docx`,
    );
  });

  it('never lets a quote or a separator into the header', () => {
    const header = attachmentDisposition(`x"; filename=evil.exe; a='b'(c)*`, 'pdf');
    expect(header).toBe(
      `attachment; filename="x _ filename=evil.exe_ a='b'(c).pdf"; filename*=UTF-8''x%20%3B%20filename%3Devil.exe%3B%20a%3D%27b%27%28c%29.pdf`,
    );
  });

  it("names an empty CV 'cv'", () => {
    expect(attachmentDisposition('', 'pdf')).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
  });
});
