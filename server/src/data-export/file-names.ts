import { safeFileName } from '../cvs/file-name.js';

/** The three files each CV leaves in the download: JSON Resume, the project's own JSON and the PDF. */
export const CV_FILE_SUFFIXES = ['.json', '.cv-builder.json', '.pdf'] as const;

/**
 * Names for the CVs' files in one zip, each unique: the CV's name as every download names it (`safeFileName`: no
 * slashes, no control characters, no leading dots, at most 120 characters, NFC), then ' (2)', ' (3)'… for a name
 * already taken. Names are compared without case, since Windows and macOS unpack 'CV' and 'cv' into one file; a CV
 * named 'A.cv-builder' cannot take the place of the file of a CV named 'A' either.
 */
export class ZipNames {
  private readonly taken = new Set<string>();

  /** The path, without a suffix, of the CV's files in `folder` (e.g. 'cvs/Software Engineer (2)'). */
  cvBase(folder: string, cvName: string): string {
    const name = safeFileName(cvName);
    for (let copy = 1; ; copy += 1) {
      const base = `${folder}/${copy === 1 ? name : `${name} (${copy})`}`;
      const paths = CV_FILE_SUFFIXES.map((suffix) => `${base}${suffix}`.toLowerCase());
      if (paths.some((path) => this.taken.has(path))) continue;
      for (const path of paths) this.taken.add(path);
      return base;
    }
  }
}
