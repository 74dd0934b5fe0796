import { dataExportFileName, fileNameFromDisposition } from '../../src/api/account-export';

describe('the data download file name', () => {
  it("is the server's, when it names a plain zip", () => {
    expect(fileNameFromDisposition('attachment; filename="cv-builder-data-2026-11-26.zip"')).toBe(
      'cv-builder-data-2026-11-26.zip',
    );
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
    expect(fileNameFromDisposition('attachment; filename="../evil.exe"')).toBeUndefined();
    expect(fileNameFromDisposition('attachment; filename="a/b.zip"')).toBeUndefined();
  });

  it("is the day's otherwise", () => {
    expect(dataExportFileName(new Date('2026-03-03T10:00:00Z'))).toBe('cv-builder-data-2026-03-03.zip');
  });
});
