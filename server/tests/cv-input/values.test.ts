import { sanitiseCvName, sanitiseEntryValue, sanitisePlainText } from '../../src/cv-input/values.js';

describe('sanitising entry values by widget type', () => {
  it('keeps plain text as typed, without control characters, trimmed', () => {
    expect(sanitisePlainText('  Jane\u0000 Doe\u0007 ')).toBe('Jane Doe');
    expect(sanitisePlainText('line one\r\nline two\rthree\tcol')).toBe('line one\nline two\nthree\tcol');
    expect(sanitisePlainText('evil\u202eadmin')).toBe('eviladmin');
  });

  it('keeps markup in plain fields as text (the renderer escapes it)', () => {
    expect(sanitiseEntryValue('text-input', '<b>Jane</b> & "Co"')).toBe('<b>Jane</b> & "Co"');
    expect(sanitiseEntryValue('email-input', ' jane@example.com ')).toBe('jane@example.com');
  });

  it('keeps scripts in other languages and emoji sequences', () => {
    expect(sanitiseEntryValue('text-input', '王小明 محمد José 👩‍💻')).toBe('王小明 محمد José 👩‍💻');
  });

  it('passes rich text through the allowlist', () => {
    expect(
      sanitiseEntryValue(
        'richtext-input',
        '<p onclick="x()">Led <strong>team</strong><script>alert(1)</script></p><ul><li><a href="javascript:alert(1)">x</a></li></ul><img src=x onerror=y>',
      ),
    ).toBe('<p>Led <strong>team</strong></p><ul><li><a>x</a></li></ul>');
    expect(sanitiseEntryValue('richtext-input', '<p><a href="https://example.com">site</a></p>')).toBe(
      '<p><a href="https://example.com">site</a></p>',
    );
  });

  it('puts a CV name on one line', () => {
    expect(sanitiseCvName('  Software\nEngineer\t 2024 ')).toBe('Software Engineer 2024');
  });
});
