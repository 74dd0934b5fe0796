/**
 * Renders each template's sample CV and saves page 1 as its icon (server/templates/<slug>/icon.png):
 * the icon is what the template really prints, not a mock-up. Needs Chromium and pdftoppm
 * (apt-get install chromium poppler-utils). Run: npm run templates:icons [-- slug …]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { renderHtml } from '../src/render/html.js';
import { buildRenderModelFromFormData } from '../src/render/model.js';
import { loadConfig } from '../src/config.js';
import { PdfRenderer } from '../src/render/pdf.js';
import { TemplateRegistry } from '../src/templates/registry.js';

// Sharp on high-density screens: template cards show icons up to ~400 CSS px wide.
const ICON_WIDTH = 800;
const run = promisify(execFile);

async function main(): Promise<void> {
  const only = new Set(process.argv.slice(2));
  const registry = TemplateRegistry.load();
  const config = loadConfig();
  const pdf = new PdfRenderer({
    executablePath: config.chromiumPath ?? '',
    renderTimeoutMs: config.pdfTimeoutMs,
    poolSize: 1,
  });
  const work = await mkdtemp(path.join(tmpdir(), 'cv-icons-'));
  try {
    for (const template of registry.templates) {
      if (only.size && !only.has(template.slug)) continue;
      const html = renderHtml(template, buildRenderModelFromFormData(template.definition, template.sample));
      const pdfPath = path.join(work, `${template.slug}.pdf`);
      await writeFile(pdfPath, await pdf.render(html));
      const outBase = path.join(work, template.slug);
      await run('pdftoppm', ['-png', '-f', '1', '-l', '1', '-singlefile', '-scale-to-x', String(ICON_WIDTH), '-scale-to-y', '-1', pdfPath, outBase]);
      await run('cp', [`${outBase}.png`, template.iconPath]);
      console.log(`${template.slug}: ${path.relative(process.cwd(), template.iconPath)}`);
    }
  } finally {
    await pdf.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
