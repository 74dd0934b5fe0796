import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BUNDLED_FONTS } from '../render/fonts.js';
import { RENDER_OUTPUT_VERSION } from '../render/output-version.js';
import type { CvTemplate } from '../templates/compile.js';

/*
 * What a stored file was made with. A version's content never changes, so its file is good for as long as the things
 * outside it that shape the output are the same: the render engine (RENDER_OUTPUT_VERSION), the template (its
 * revision: a hash of everything of it the engine reads) and the set of fonts a design may choose. Any other key and
 * the file is made again when next asked for.
 */

const digest = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 16);
};

/** The bundled fonts' ids and the faces they name: a face changed under an id prints differently. */
const FONT_SET = digest(JSON.stringify(BUNDLED_FONTS));

const partialsByRoot = new Map<string, string>();

/** The shared Handlebars partials every layout may call (templates/_partials), read once per folder. */
function partialsRevision(templatesRoot: string): string {
  let revision = partialsByRoot.get(templatesRoot);
  if (revision === undefined) {
    const dir = path.join(templatesRoot, '_partials');
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.hbs'))
          .sort()
      : [];
    revision = digest(...files.flatMap((file) => [file, readFileSync(path.join(dir, file), 'utf8')]));
    partialsByRoot.set(templatesRoot, revision);
  }
  return revision;
}

const revisions = new WeakMap<CvTemplate, string>();

/**
 * A template's revision: a hash of its definition (sections, fields, style), its layout, its compiled stylesheet and
 * page rules and the shared partials. Staff's catalogue choices (category, order, switched off) print nothing and are
 * not part of it; an edited template folder is, whether or not the catalogue row's date moved.
 */
export function templateRevision(template: CvTemplate): string {
  let revision = revisions.get(template);
  if (revision === undefined) {
    revision = digest(
      JSON.stringify(template.definition),
      template.layoutSource,
      template.documentHead,
      template.firstPageCss,
      JSON.stringify(template.pageMarginsMm),
      String(template.bodyFontPt),
      partialsRevision(path.dirname(template.dir)),
    );
    revisions.set(template, revision);
  }
  return revision;
}

/** The key a file of `template` is stored under: `r<renderer>.t<template revision>.f<font set>`. */
export function renderKey(template: CvTemplate): string {
  return `r${RENDER_OUTPUT_VERSION}.t${templateRevision(template)}.f${FONT_SET}`;
}
