import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { GeneratedCvDetail } from '../api/cvs';
import { TemplateDetail } from '../api/templates';
import { groupEntries } from '../cv/form-data';
import { EMPTY_LAYOUT } from '../cv/layout';
import { toJsonResume, type JsonResume } from './json-resume';

// A saved CV as JSON Resume, made from the API's own answers: the CV (GET /v1/GeneratedCV/{id}/) and its template
// (GET /v1/CvTemplate/{id}/), read with the codecs the app reads them with, grouped as a list's export groups them
// and converted by the one mapping (./json-resume.ts). The server's "Download all my data" loads this module as it
// is (server/src/data-export/json-resume.ts; docs/decisions/0030-data-download.md), so the `.json` in the zip is
// the file the download menu gives. It takes plain answers, not the app's types, because that is all the server has.

function read<A>(codec: t.Decoder<unknown, A>, value: unknown, what: string): A {
  const decoded = codec.decode(value);
  if (decoded._tag === 'Right') return decoded.right;
  throw new Error(`${what} could not be read: ${PathReporter.report(decoded)[0] ?? 'unexpected shape'}`);
}

export function savedCvJsonResume(
  cvAnswer: unknown,
  templateAnswer: unknown,
  now: Date = new Date(),
  /** The CV's photo as a data URL (`basics.image`), when it prints one. */
  photo?: string,
): JsonResume {
  const cv = read(GeneratedCvDetail, cvAnswer, 'The CV');
  const template = read(TemplateDetail, templateAnswer, 'Its template');
  const { formData } = groupEntries(template.sections, cv.entries);
  return toJsonResume(template.sections, formData, cv.layout ?? EMPTY_LAYOUT, {
    templateId: template.id,
    now,
    ...(photo === undefined ? {} : { photo }),
  });
}
