import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildRenderModelFromFormData } from '../cv-input/values.js';
import { renderHtml } from '../render/html.js';
import type { PdfPrinter } from '../render/pdf.js';
import type { CvTemplate } from './compile.js';

// Sharp on high-density screens: template cards show icons up to ~400 CSS px wide.
const ICON_WIDTH = 800;
const run = promisify(execFile);

/**
 * Renders the template's sample CV and saves page 1 as its icon (server/templates/<slug>/icon.png): the icon is
 * what the template really prints, not a mock-up. Needs Chromium (the renderer) and pdftoppm (poppler-utils).
 */
export async function renderTemplateIcon(pdf: PdfPrinter, template: CvTemplate): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'cv-icons-'));
  try {
    const html = renderHtml(template, buildRenderModelFromFormData(template.definition, template.sample));
    const pdfPath = path.join(work, `${template.slug}.pdf`);
    await writeFile(pdfPath, await pdf.render(html));
    const outBase = path.join(work, template.slug);
    await run('pdftoppm', ['-png', '-f', '1', '-l', '1', '-singlefile', '-scale-to-x', String(ICON_WIDTH), '-scale-to-y', '-1', pdfPath, outBase]);
    await copyFile(`${outBase}.png`, template.iconPath);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
