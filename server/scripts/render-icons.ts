/**
 * Renders each template's sample CV and saves page 1 as its icon (server/templates/<slug>/icon.png):
 * the icon is what the template really prints, not a mock-up. Needs Chromium and pdftoppm
 * (apt-get install chromium poppler-utils). Run: npm run templates:icons [-- slug …]
 */
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { PdfRenderer } from '../src/render/pdf.js';
import { renderTemplateIcon } from '../src/templates/icons.js';
import { TemplateRegistry } from '../src/templates/registry.js';

async function main(): Promise<void> {
  const only = new Set(process.argv.slice(2));
  const registry = TemplateRegistry.load();
  const config = loadConfig();
  const pdf = new PdfRenderer({
    executablePath: config.chromiumPath ?? '',
    renderTimeoutMs: config.pdfTimeoutMs,
    poolSize: 1,
  });
  try {
    for (const template of registry.templates) {
      if (only.size && !only.has(template.slug)) continue;
      await renderTemplateIcon(pdf, template);
      console.log(`${template.slug}: ${path.relative(process.cwd(), template.iconPath)}`);
    }
  } finally {
    await pdf.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
