import { cvFileName, saveBlob, saveCvFile } from '../../src/api/download';
import { DOWNLOAD_LINK_CLEANUP_MS } from '../../src/config/constants';

describe('cvFileName: the CV name or "cv", with .pdf or .docx', () => {
  it.each([
    ['Software Engineer 2024', 'pdf', 'Software Engineer 2024.pdf'],
    ['Software Engineer 2024', 'word', 'Software Engineer 2024.docx'],
    ['', 'pdf', 'cv.pdf'],
    ['   ', 'word', 'cv.docx'],
    [null, 'pdf', 'cv.pdf'],
    [undefined, 'word', 'cv.docx'],
    ['Data/Analyst: "2024"', 'pdf', 'Data Analyst 2024.pdf'],
    ['../../etc', 'pdf', 'etc.pdf'],
    ['Lebenslauf Müller 履歴書', 'pdf', 'Lebenslauf Müller 履歴書.pdf'],
  ] as const)('%j as %s → %s', (name, format, expected) => {
    expect(cvFileName(name, format)).toBe(expected);
  });
});

describe('saveBlob', () => {
  function fakeEnvironment() {
    const scheduled: Array<{ callback: () => void; ms: number }> = [];
    const url = {
      createObjectURL: vi.fn(() => 'blob:http://localhost/abc'),
      revokeObjectURL: vi.fn(),
    };
    return {
      scheduled,
      url,
      environment: {
        document,
        url,
        setTimeout: (callback: () => void, ms: number) => scheduled.push({ callback, ms }),
      },
    };
  }

  it('clicks a link named after the file, then revokes the URL and removes the link 100 ms later', () => {
    const { scheduled, url, environment } = fakeEnvironment();
    const clicks: Array<{ href: string; download: string }> = [];
    const onClick = (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      clicks.push({ href: link.getAttribute('href') ?? '', download: link.download });
      event.preventDefault();
    };
    document.addEventListener('click', onClick);
    const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    saveBlob(blob, 'Ada.pdf', environment);
    document.removeEventListener('click', onClick);

    expect(url.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicks).toEqual([{ href: 'blob:http://localhost/abc', download: 'Ada.pdf' }]);
    expect(url.revokeObjectURL).not.toHaveBeenCalled();
    expect(document.querySelector('a[download="Ada.pdf"]')).not.toBeNull();

    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.ms).toBe(DOWNLOAD_LINK_CLEANUP_MS);
    expect(DOWNLOAD_LINK_CLEANUP_MS).toBe(100);
    scheduled[0]!.callback();
    expect(url.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/abc');
    expect(document.querySelector('a[download="Ada.pdf"]')).toBeNull();
  });

  it('saveCvFile names the file from the CV and returns that name', () => {
    const { environment } = fakeEnvironment();
    const onClick = (event: Event) => event.preventDefault();
    document.addEventListener('click', onClick);
    expect(saveCvFile(new Blob(['x']), 'Data Analyst', 'word', environment)).toBe('Data Analyst.docx');
    expect(saveCvFile(new Blob(['x']), '', 'pdf', environment)).toBe('cv.pdf');
    document.removeEventListener('click', onClick);
  });
});
