import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The web app's JSON Resume conversion of a saved CV (src/cv-data/saved-cv-json-resume.ts), loaded as it is at run
 * time: one mapping for the download menu and the data download, so the two files never differ and a fix to the
 * mapping reaches both (docs/decisions/0030-data-download.md). The server runs TypeScript through tsx, which loads
 * the web module's own imports. The boundary is plain JSON both ways: the CV and its template as the API answers
 * them, a JSON Resume back; the server's type check does not walk the web app's code (different module rules).
 */
interface WebConversion {
  savedCvJsonResume(
    cvAnswer: unknown,
    templateAnswer: unknown,
    now?: Date,
    photo?: string,
  ): Record<string, unknown>;
}

const WEB_CONVERSION = fileURLToPath(
  new URL('../../../src/cv-data/saved-cv-json-resume.ts', import.meta.url),
);

let loading: Promise<WebConversion> | undefined;

function conversion(): Promise<WebConversion> {
  loading ??= (import(pathToFileURL(WEB_CONVERSION).href) as Promise<WebConversion>).catch(
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The CV as JSON Resume: `cv` as GET /v1/GeneratedCV/{id}/ answers it, `template` as GET /v1/CvTemplate/{id}/, `photo`
 * its printed photo as a data URL.
 */
export async function savedCvJsonResume(
  cv: unknown,
  template: unknown,
  now: Date,
  photo?: string,
): Promise<Record<string, unknown>> {
  return (await conversion()).savedCvJsonResume(cv, template, now, photo);
}
